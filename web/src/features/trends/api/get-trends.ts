import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import { trendsAnalysisQuery, type TrendsAnalysis } from './analysis';
import type { Trends } from '@/lib/api/types';
import { filtersToQuery, type TrendsFilters } from './filters';

export function getTrends(filters: TrendsFilters, analysis: TrendsAnalysis = {}, signal?: AbortSignal): Promise<Trends> {
  return unwrap(client.GET('/api/trends', { params: { query: { ...filtersToQuery(filters), ...trendsAnalysisQuery(analysis) } }, signal }));
}

export const trendsQueryOptions = (filters: TrendsFilters, analysis: TrendsAnalysis = {}, enabled = true) => {
  // Only what /api/trends reads is in the key: picking a vendor category does not refetch it.
  const query = trendsAnalysisQuery(analysis);
  return queryOptions({
    queryKey: Object.keys(query).length ? [...queryKeys.trends, filters, query] : [...queryKeys.trends, filters],
    queryFn: ({ signal }) => getTrends(filters, analysis, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export function useTrends(filters: TrendsFilters, analysis: TrendsAnalysis = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(trendsQueryOptions(filters, analysis, enabled));
}
