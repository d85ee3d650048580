import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, withQuery } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import { vendorsAnalysisQuery, type TrendsAnalysis } from './analysis';
import type { TrendVendors } from './contract';
import { filtersToQuery, type TrendsFilters } from './filters';

// TEMPORARY until the Trends API is on main: a plain fetch of the contract's route; then
// `unwrap(client.GET('/api/trends/vendors', …))` with the generated types.
export async function getTrendVendors(filters: TrendsFilters, analysis: TrendsAnalysis, signal?: AbortSignal): Promise<TrendVendors> {
  const response = await globalThis.fetch(
    withQuery('/api/trends/vendors', { ...filtersToQuery(filters), ...vendorsAnalysisQuery(analysis) }),
    {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    },
  );
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { error?: string } | null)?.error;
    throw new ApiError(response.status, message ?? `${response.status}: ${response.statusText}`, message);
  }
  return body as TrendVendors;
}

/** The vendors of a category (or the top 20 of all) under the dashboard's filters and comparison. */
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
