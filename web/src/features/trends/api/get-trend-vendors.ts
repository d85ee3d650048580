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

export function useTrendVendors(filters: TrendsFilters, analysis: TrendsAnalysis) {
  const query = vendorsAnalysisQuery(analysis);
  return useQuery(
    queryOptions({
      // Under the trends key: an import or the sample removal refreshes it with the rest.
      queryKey: [...queryKeys.trends, 'vendors', filters, query],
      queryFn: ({ signal }) => getTrendVendors(filters, analysis, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
