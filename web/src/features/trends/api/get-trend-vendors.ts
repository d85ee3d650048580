import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { TrendVendors } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { vendorsAnalysisQuery, type TrendsAnalysis } from './analysis';
import { filtersToQuery, type TrendsFilters } from './filters';

/** The vendors of a category (or the top 20 of all) under the dashboard's filters and comparison. */
export function getTrendVendors(filters: TrendsFilters, analysis: TrendsAnalysis, signal?: AbortSignal): Promise<TrendVendors> {
  return unwrap(
    client.GET('/api/trends/vendors', { params: { query: { ...filtersToQuery(filters), ...vendorsAnalysisQuery(analysis) } }, signal }),
  );
}

/**
 * The vendors query under the trends key (an import or the sample removal refreshes it with the
 * rest); the panel reads it and /trends asks for it ahead with the same key.
 */
export const trendVendorsQueryOptions = (filters: TrendsFilters, analysis: TrendsAnalysis) =>
  queryOptions({
    queryKey: [...queryKeys.trends, 'vendors', filters, vendorsAnalysisQuery(analysis)],
    queryFn: ({ signal }) => getTrendVendors(filters, analysis, signal),
    placeholderData: keepPreviousData,
  });

export function useTrendVendors(filters: TrendsFilters, analysis: TrendsAnalysis) {
  return useQuery(trendVendorsQueryOptions(filters, analysis));
}
