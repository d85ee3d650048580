import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PastRecommendation, Vendor } from '@/lib/api/types';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { PastRecommendationCard } from './past-recommendation-card';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const vendor: Vendor = {
  id: 9,
  name: 'Avvo',
  categoryId: 1,
  categoryName: 'Lead Generation',
  categoryLabel: 'Lead Generation',
  websiteUrl: 'https://www.avvo.com/',
  bookingUrl: null,
  logoUrl: null,
  description: 'Lawyer directory.',
  shortHighlights: [],
  integrations: [],
  priceBracket: null,
  isRecommendedPartner: false,
  partnerLevel: null,
  isActive: true,
  firmSizesSupported: [],
  practiceAreasSupported: [],
  tags: [],
  needsReview: false,
  sourceUrl: null,
  verifiedOn: null,
  facts: { website: { kind: 'estimate' }, security: {} },
};

const item = (v: Vendor): PastRecommendation => ({
  categoryId: 1,
  recommendationId: `1-${v.id}`,
  recommendedAt: '2026-11-20T10:00:00Z',
  reasons: { strengths: ['Popular with firms your size'], needsMet: [] },
  vendor: v,
});

function serve() {
  const mock = mockFetch({
    'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
    'GET /api/shortlist': { body: { groups: [] } },
    'POST /api/meeting-clicks': {
      status: 201,
      body: { id: 1, vendorId: 9, sourcePage: 'PAST_RECS', kind: 'BOOKING', bookingUrl: null, recordedAt: '' },
    },
  });
  vi.stubGlobal('fetch', mock.fetchMock);
  return mock;
}

describe('PastRecommendationCard', () => {
  it('without a booking link: Visit Website is the main action and Schedule Meeting says "No scheduler available", as on every card', () => {
    serve();
    renderWithProviders(<PastRecommendationCard item={item(vendor)} />, { user: testUser('member') });
    const card = screen.getByRole('article', { name: 'Avvo' });
    expect(within(card).getByRole('link', { name: 'Visit Website' }).className).toContain('bg-indigo-600');
    expect((within(card).getByRole('button', { name: 'Schedule Meeting' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByText('No scheduler available')).toBeTruthy();
    expect(within(card).queryByText(/Request a demo/)).toBeNull();
  });

  it('with a booking link: Schedule Meeting opens the scheduler and records the click; Visit Website is secondary', async () => {
    const { calls } = serve();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<PastRecommendationCard item={item({ ...vendor, bookingUrl: 'https://www.avvo.com/demo' })} />, {
      user: testUser('member'),
    });
    const card = screen.getByRole('article', { name: 'Avvo' });
    expect(within(card).getByRole('link', { name: 'Visit Website' }).className).not.toContain('bg-indigo-600');
    expect(within(card).queryByText('No scheduler available')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Schedule Meeting' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Opening scheduler...')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ vendorId: 9, sourcePage: 'PAST_RECS', kind: 'BOOKING' });
  });

  it('gives a viewer Visit Website as the main action and no Schedule Meeting', () => {
    serve();
    renderWithProviders(<PastRecommendationCard item={item(vendor)} />, { user: testUser('viewer') });
    const card = screen.getByRole('article', { name: 'Avvo' });
    expect(within(card).getByRole('link', { name: 'Visit Website' }).className).toContain('bg-indigo-600');
    expect(within(card).queryByRole('button', { name: 'Schedule Meeting' })).toBeNull();
    expect(within(card).queryByText('No scheduler available')).toBeNull();
  });
});
