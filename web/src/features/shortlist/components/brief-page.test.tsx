import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Brief, BriefVendor } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { BriefPage } from './brief-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const vendor = (vendorId: number, vendorName: string, more: Partial<BriefVendor> = {}): BriefVendor => ({
  vendorId,
  vendorName,
  categoryId: 8,
  description: '',
  status: 'Considering',
  shownStatus: 'Considering',
  note: '',
  history: [{ status: 'Considering', at: '2026-11-01T10:00:00Z' }],
  asks: { demoBooked: false, demoHappened: false, chosen: false, satisfaction: false },
  outcome: {},
  priceBracket: 3,
  integrationsWithStack: [],
  facts: { price: { kind: 'estimate' }, security: {} },
  ...more,
});

const brief: Brief = {
  firmName: 'Lovelace Law',
  preparedOn: '2026-11-26',
  groups: [
    {
      categoryId: 8,
      categoryName: 'Demands & Medical Review',
      categoryLabel: 'Demands & Medical Review',
      criteria: [],
      vendors: [
        vendor(43, 'EvenUp', {
          verifiedOn: '2026-11-22',
          sourceUrl: 'https://www.evenuplaw.com/help-center/demands',
          facts: {
            price: { kind: 'estimate' },
            statedPrice: { value: 'Per demand', provenance: { kind: 'administrator', on: '2026-11-25' } },
            bookingLink: { kind: 'page', url: 'https://www.evenuplaw.com/demo', checkedOn: '2026-11-25' },
            security: {
              hipaaBaa: { value: true, provenance: { kind: 'page', url: 'https://www.evenuplaw.com/dpa/', checkedOn: '2026-11-25' } },
              soc2: { value: { report: 'Type II' }, provenance: { kind: 'page', url: 'javascript:alert(1)', checkedOn: '2026-11-25' } },
            },
          },
        }),
        vendor(44, 'Precedent'),
      ],
    },
  ],
};

function fact(section: HTMLElement, term: string) {
  return within(section).getByText(term, { selector: 'dt' }).parentElement!.querySelector('dd')!;
}

describe('BriefPage', () => {
  it('prints the booking link, the price and the security facts with where each came from', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/shortlist/brief': { body: brief } });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<BriefPage />, { user: testUser('member') });
    const evenUp = await screen.findByRole('region', { name: 'EvenUp' });

    expect(fact(evenUp, 'Price').textContent).toBe(
      'Premium ($$$)Litstack’s estimateStated price: Per demandAdded by your administrator on Nov 25, 2026',
    );
    expect(fact(evenUp, 'Booking link').textContent).toBe('ListedChecked on evenuplaw.com, Nov 2026: https://www.evenuplaw.com/demo');
    const security = fact(evenUp, 'Security');
    const lines = within(security)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'HIPAA business associate agreement: Signs a BAAChecked on evenuplaw.com, Nov 2026: https://www.evenuplaw.com/dpa/',
      // A page whose address is javascript: is named without a host, and never linked.
      'SOC 2: Type II reportChecked Nov 2026',
      'Not stated: ISO 27001, Single sign-on, Two-factor sign-in, Where data is kept, AI training on your data, Export when you leave, Trust page',
    ]);
    expect(within(security).getByRole('link', { name: 'https://www.evenuplaw.com/dpa/' }).getAttribute('href')).toBe(
      'https://www.evenuplaw.com/dpa/',
    );
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    // The old blanket claim is gone.
    expect(screen.queryByText(/Facts verified|Not verified/)).toBeNull();

    const precedent = screen.getByRole('region', { name: 'Precedent' });
    expect(fact(precedent, 'Booking link').textContent).toBe('None listed');
    expect(fact(precedent, 'Security').textContent).toBe('Not stated on any page Litstack has read');
  });
});
