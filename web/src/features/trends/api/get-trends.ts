import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import { filtersToQuery, type SampleShare, type TrendsFilters } from './filters';

export type Trends = SampleShare & {
  total: number;
  categoryCounts: Array<{ name: string; count: number }>;
  stateCounts: Array<{ state: string; count: number }>;
  /** One entry per day of the range the data covers, zero days included. */
  daily: Array<{ date: string; count: number }>;
  /** Bookings in the 30 days ending on rangeEnd, and in the 30 days before those. */
  last30: number;
  previous30: number;
  /** Days in [rangeStart, rangeEnd]. */
  days: number;
  rangeStart: string | null;
  rangeEnd: string | null;
};

export function getTrends(filters: TrendsFilters, signal?: AbortSignal): Promise<Trends> {
  return api.get('/api/trends', { query: filtersToQuery(filters), signal });
}

export const trendsQueryOptions = (filters: TrendsFilters, enabled = true) =>
  queryOptions({
    queryKey: [...queryKeys.trends, filters],
    queryFn: ({ signal }) => getTrends(filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export function useTrends(filters: TrendsFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(trendsQueryOptions(filters, enabled));
}
