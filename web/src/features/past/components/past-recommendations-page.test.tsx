import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { PastPage } from '@/lib/api/types';
import { VIEW_ONLY_NOTE } from '@/lib/auth';
import { mockFetch, renderWithProviders, testUser } from '@/testing/render-app';

import { PastRecommendationsPage } from './past-recommendations-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const categories = [
  { id: 1, name: 'Lead Generation', label: 'Lead Generation', stage: 1 },
  { id: 10, name: 'Practice Management', label: 'Practice Management', stage: null },
];

const emptyPage = (page = 1, totalPages = 1): PastPage => ({ items: [], total: 0, page, pageSize: 24, totalPages });

function setup(path: string, pastPage: () => PastPage = () => emptyPage()) {
  const { fetchMock, calls } = mockFetch({
    'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
    'GET /api/categories': { body: categories },
    'GET /api/past-recommendations': () => ({ body: pastPage() }),
  });
  vi.stubGlobal('fetch', fetchMock);
  const rendered = renderWithProviders(<PastRecommendationsPage />, { path, user: testUser('member') });
  const pastCalls = () => calls.filter((c) => c.url.startsWith('/api/past-recommendations')).map((c) => c.url);
  return { ...rendered, pastCalls };
}

describe('PastRecommendationsPage address', () => {
  it('drops unknown and junk category ids and a bad page, and never asks with them', async () => {
    const { location, pastCalls } = setup('/past?categoryIds=1,999,x,1&page=abc');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/past?categoryIds=1'));
    await screen.findByText('No recommendations match your current filters.');
    expect(pastCalls().length).toBeGreaterThan(0);
    for (const url of pastCalls()) {
      expect(url).toBe('/api/past-recommendations?categoryIds=1');
    }
    expect(screen.getByRole('button', { name: 'Lead Generation' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('rewrites a page past the end to the page the server clamped it to', async () => {
    const { location } = setup('/past?page=9', () => emptyPage(2, 2));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/past?page=2'));
    expect(location.history).toHaveLength(1);
  });

  it('leaves page 1 and negative pages out of the address', async () => {
    const first = setup('/past?page=1');
    await waitFor(() => expect(first.location.history?.at(-1)).toBe('/past'));
    first.unmount();
    const negative = setup('/past?page=-3&categoryIds=10');
    await waitFor(() => expect(negative.location.history?.at(-1)).toBe('/past?categoryIds=10'));
  });

  it('keeps a valid address as it is', async () => {
    const { location, pastCalls } = setup('/past?categoryIds=10&page=2', () => emptyPage(2, 3));
    await screen.findByText('No recommendations match your current filters.');
    expect(location.history).toEqual(['/past?categoryIds=10&page=2']);
    expect(pastCalls()).toContain('/api/past-recommendations?categoryIds=10&page=2');
  });
});

describe('PastRecommendationsPage Dismissed filter', () => {
  const dismissal = {
    vendorId: 7,
    vendorName: 'Filevine',
    categoryId: 10,
    categoryName: 'Practice Management',
    priceBracket: 3,
    reason: 'too_expensive',
    reasonLabel: 'Too expensive',
    otherText: null,
    dismissedAt: '2026-11-20T10:00:00Z',
  };

  function setupDismissed(path: string, user = testUser('member')) {
    let items = [dismissal];
    const { fetchMock, calls } = mockFetch({
      'GET /api/config': { body: { utmSource: 'litstack', thirdPartyLogos: false } },
      'GET /api/categories': { body: categories },
      'GET /api/past-recommendations': { body: emptyPage() },
      'GET /api/recommendations/dismissed': () => ({ body: { items } }),
      'DELETE /api/recommendations/dismissed/7': () => {
        items = [];
        return { status: 204 };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    return { ...renderWithProviders(<PastRecommendationsPage />, { path, user }), calls };
  }

  it('lists each dismissed vendor with its reason and date, kept in the address, and Undo removes it', async () => {
    const { calls } = setupDismissed('/past?show=dismissed');
    await screen.findByText('Too expensive');
    expect(screen.getByText('Nov 20, 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dismissed' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.some((c) => c.url.startsWith('/api/past-recommendations'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Undo dismissing Filevine' }));
    await screen.findByText("You haven't dismissed any recommended vendor.");
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/recommendations/dismissed/7')).toBe(true);
  });

  it('shows a viewer the dismissals with no Undo, and the view-only line once', async () => {
    setupDismissed('/past?show=dismissed', testUser('viewer'));
    await screen.findByText('Too expensive');
    expect(screen.queryByRole('button', { name: 'Undo dismissing Filevine' })).toBeNull();
    expect(screen.getAllByText(VIEW_ONLY_NOTE)).toHaveLength(1);
  });

  it('applies the category filter to the dismissed vendors', async () => {
    setupDismissed('/past?show=dismissed&categoryIds=1');
    await screen.findByText('No dismissed vendors match your current filters.');
  });

  it('switches to the dismissed list from the history and drops an unknown value', async () => {
    const first = setupDismissed('/past');
    fireEvent.click(await screen.findByRole('button', { name: 'Dismissed' }));
    await waitFor(() => expect(first.location.history?.at(-1)).toBe('/past?show=dismissed'));
    first.unmount();
    const junk = setupDismissed('/past?show=everything');
    await waitFor(() => expect(junk.location.history?.at(-1)).toBe('/past'));
  });
});
