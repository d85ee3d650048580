import { hashKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { categoriesQueryOptions } from '@/lib/categories';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch } from '@/testing/render-app';

import { askForTrendsScreen } from './ask-ahead';
import { demoBookingsQueryOptions } from './get-demo-bookings';
import { filterOptionsQueryOptions } from './get-filter-options';
import { trendsQueryOptions } from './get-trends';
import { trendVendorsQueryOptions } from './get-trend-vendors';

afterEach(() => vi.unstubAllGlobals());

describe('askForTrendsScreen', () => {
  it("asks for the screen's first answers under the address's filters, with the keys the screen reads", async () => {
    const { fetchMock, calls } = mockFetch({});
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    askForTrendsScreen(queryClient, 'state=CA&firmSize=SOLO&granularity=week&page=2&includeSample=false');
    const asked = new Set(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryHash),
    );
    const filters = { state: 'CA', firmSize: 'SOLO', includeSample: false };
    expect(asked).toEqual(
      new Set(
        [
          trendsQueryOptions(filters, { granularity: 'week' }).queryKey,
          trendVendorsQueryOptions(filters, { granularity: 'week' }).queryKey,
          demoBookingsQueryOptions(filters, 6).queryKey,
          filterOptionsQueryOptions(false).queryKey,
          categoriesQueryOptions().queryKey,
        ].map((key) => hashKey(key)),
      ),
    );
    await vi.waitFor(() => expect(calls).toHaveLength(5));
  });

  it('asks nothing for a From date after the To date (the screen says what is wrong)', async () => {
    const { fetchMock, calls } = mockFetch({});
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient();
    askForTrendsScreen(queryClient, 'start=2026-05-01&end=2026-04-01');
    await Promise.resolve();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });
});
