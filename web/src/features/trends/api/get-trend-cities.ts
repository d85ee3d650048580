import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { TrendCities } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { filtersToQuery, type TrendsFilters } from './filters';

/** The top 12 cities of `state` under the other filters (the drill-down's own state wins). */
export function getTrendCities(state: string, filters: TrendsFilters, signal?: AbortSignal): Promise<TrendCities> {
  return unwrap(client.GET('/api/trends/cities', { params: { query: { ...filtersToQuery(filters), state } }, signal }));
}

export function useTrendCities(state: string | null, filters: TrendsFilters) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.trendCities, state, filters],
      queryFn: ({ signal }) => getTrendCities(state ?? '', filters, signal),
      enabled: state !== null,
    }),
  );
}
