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
  category: { id: 2, name: 'Intake', label: 'Intake' },
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
  facts: { price: { kind: 'estimate' }, security: {} },
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
    column(4, 'LeadCo', { category: { id: 1, name: 'Lead Generation', label: 'Lead Generation' } }),
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

  it('compares the security facts with where each was read, marks a differing one, and drops the blanket Verified row', async () => {
    const dpa = { kind: 'page' as const, url: 'https://www.evenuplaw.com/dpa/', checkedOn: '2026-11-25' };
    const withFacts: Comparison = {
      ...comparison,
      vendors: [
        column(43, 'EvenUp', {
          verifiedOn: '2026-11-22',
          sourceUrl: 'https://www.evenuplaw.com/',
          bookingUrl: 'https://evenup.example/book',
          facts: {
            price: { kind: 'estimate' },
            bookingLink: { kind: 'page', url: 'javascript:alert(1)', checkedOn: '2026-11-20' },
            security: {
              hipaaBaa: { value: true, provenance: dpa },
              soc2: { value: { report: 'Type II' }, provenance: { kind: 'administrator', on: '2026-11-25' } },
            },
          },
        }),
        column(4, 'LeadCo', {
          priceBracket: 3,
          facts: { price: { kind: 'page', url: 'https://leadco.example/pricing', checkedOn: '2026-10-03' }, security: {} },
        }),
      ],
      differing: ['priceBracket', 'hipaaBaa', 'soc2', 'verifiedOn'],
    };
    serve({ body: withFacts });
    renderWithProviders(<ComparePage />, { path: '/compare?ids=43,4', user: testUser('member') });
    const table = await screen.findByRole('table');
    const row = (name: RegExp) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    const cells = (name: RegExp) =>
      within(row(name))
        .getAllByRole('cell')
        .map((c) => c.textContent);

    expect(within(table).queryByRole('rowheader', { name: /^Verified/ })).toBeNull();
    expect(within(row(/^HIPAA business associate agreement/)).getByRole('rowheader').textContent).toContain('Differs');
    expect(cells(/^HIPAA business associate agreement/)).toEqual([
      'Signs a BAAChecked on evenuplaw.com, Nov 2026 · Source of EvenUp’s HIPAA business associate agreement',
      'Not stated',
    ]);
    expect(
      within(row(/^HIPAA/))
        .getByRole('link', { name: 'Source of EvenUp’s HIPAA business associate agreement' })
        .getAttribute('href'),
    ).toBe('https://www.evenuplaw.com/dpa/');
    expect(cells(/^SOC 2/)).toEqual(['Type II reportAdded by your administrator on Nov 25, 2026', 'Not stated']);
    // A fact neither states is the same for both: not marked.
    expect(within(row(/^ISO 27001/)).getByRole('rowheader').textContent).toBe('ISO 27001');
    expect(cells(/^ISO 27001/)).toEqual(['Not stated', 'Not stated']);
    for (const label of [
      'Single sign-on',
      'Two-factor sign-in',
      'Where data is kept',
      'AI training on your data',
      'Export when you leave',
    ]) {
      expect(within(table).getByRole('rowheader', { name: label })).toBeTruthy();
    }

    // The price bracket says where it came from: Litstack’s estimate, or the page it was read on.
    expect(cells(/^Price/)[0]).toContain('Litstack’s estimate');
    expect(cells(/^Price/)[1]).toContain('Checked on leadco.example, Oct 2026');
    expect(
      within(row(/^Price/))
        .getByRole('link', { name: 'Source of LeadCo’s price bracket' })
        .getAttribute('href'),
    ).toBe('https://leadco.example/pricing');

    // The booking link's provenance, and a javascript: page never becomes a link.
    const meet = within(row(/^Meet the vendor/)).getAllByRole('cell')[0]!;
    expect(meet.textContent).toContain('Booking link: Checked Nov 2026');
    expect(within(meet).queryByRole('link', { name: /Source/ })).toBeNull();
    for (const link of within(table).getAllByRole('link')) expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
  });
});
