import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ComparedVendor, Comparison } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { ComparePage } from './compare-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const column = (id: number, name: string, more: Partial<ComparedVendor> = {}): ComparedVendor => ({
  id,
  name,
  logoUrl: null,
  category: { id: 2, name: 'Intake' },
  priceBracket: 2,
  firmSizes: ['E6_20'],
  practiceAreas: ['Personal Injury'],
  integrations: [],
  highlights: [],
  partner: { isRecommendedPartner: false, partnerLevel: null },
  recentDemoBookings: { value: null, text: 'fewer than 5' },
  peerAdoption: { value: 7, text: '7' },
  matchScore: null,
  verifiedOn: null,
  sourceUrl: null,
  bookingUrl: null,
  websiteUrl: null,
  isActive: true,
  summary: `Nothing in our data sets ${name} apart from the others.`,
  ...more,
});

const comparison: Comparison = {
  vendors: [
    column(1, 'Smith Intake', {
      integrations: [
        { name: 'Clio', inYourStack: true },
        { name: 'Zapier', inYourStack: false },
      ],
      summary: 'Only Smith Intake integrates with Clio, which your firm uses.',
    }),
    column(4, 'LeadCo', { category: { id: 1, name: 'Lead Generation' } }),
  ],
  differing: ['category', 'integrations'],
  differentCategories: true,
  firmSize: 'E6_20',
  demandDays: 90,
};

function serve(answer: { status?: number; body: unknown }) {
  const { fetchMock, calls } = mockFetch({
    'GET /api/compare': answer,
    'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('ComparePage', () => {
  it('shows one column per vendor, marks the rows that differ and the firm’s tools', async () => {
    const calls = serve({ body: comparison });
    renderWithProviders(<ComparePage />, { path: '/compare?ids=1,4', user: testUser('member') });
    const table = await screen.findByRole('table');
    expect(calls[0]!.url).toBe('/api/compare?ids=1,4');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual(['Vendor', expect.stringContaining('Smith Intake'), expect.stringContaining('LeadCo')]);
    const integrations = within(table).getByRole('rowheader', { name: /Integrations/ });
    expect(integrations.textContent).toContain('Differs');
    expect(within(table).getByRole('rowheader', { name: /Firm sizes/ }).textContent).not.toContain('Differs');
    expect(within(table).getByText('(in your tech stack)').parentElement?.textContent).toContain('Clio');
    expect(screen.getByText('Only Smith Intake integrates with Clio, which your firm uses.')).toBeTruthy();
    expect(screen.getByText(/they answer different needs/).textContent).toContain('Intake and Lead Generation');
    expect(within(table).getAllByText('fewer than 5')).toHaveLength(2);
  });

  it('says what is wrong with a bad address and offers a way back', async () => {
    serve({ status: 404, body: { error: 'There is no vendor with id 999999' } });
    renderWithProviders(<ComparePage />, { path: '/compare?ids=1,999999', user: testUser('member') });
    expect(await screen.findByText('There is no vendor with id 999999')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('This comparison cannot be shown.');
    expect(screen.getAllByRole('link', { name: 'Back to Browse Vendors' })[0]!.getAttribute('href')).toBe('/vendors');
  });
});
