import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Trends } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { filtersToQuery, type TrendsFilters } from './filters';

export function getTrends(filters: TrendsFilters, signal?: AbortSignal): Promise<Trends> {
  return unwrap(client.GET('/api/trends', { params: { query: filtersToQuery(filters) }, signal }));
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
