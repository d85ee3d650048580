import type { QueryClient } from '@tanstack/react-query';

import type { Granularity, TrendsAnalysis } from './analysis';
import type { TrendsFilters } from './filters';
import { trendsQueryOptions } from './get-trends';
import { trendVendorsQueryOptions } from './get-trend-vendors';

const granularities: readonly Granularity[] = ['day', 'week', 'month'];

/**
 * Asks ahead for the series by the other bucket sizes under the same filters, comparison and
 * stacking, with the keys the page reads: a switch to Week or Month then shows a cached answer.
 * An answer already cached is not asked for again (reads never go stale on their own).
 */
export function askAheadOtherGranularities(queryClient: QueryClient, filters: TrendsFilters, analysis: TrendsAnalysis) {
  const current = analysis.granularity ?? 'day';
  for (const granularity of granularities) {
    if (granularity === current) continue;
    const next: TrendsAnalysis = { ...analysis, granularity: granularity === 'day' ? undefined : granularity };
    void queryClient.prefetchQuery(trendsQueryOptions(filters, next));
  }
}

/** Asks ahead for the vendors of these categories under the same filters and comparison. */
export function askAheadCategoryVendors(
  queryClient: QueryClient,
  filters: TrendsFilters,
  analysis: TrendsAnalysis,
  categoryIds: readonly number[],
) {
  for (const categoryId of categoryIds) {
    if (categoryId === analysis.categoryId) continue;
    void queryClient.prefetchQuery(trendVendorsQueryOptions(filters, { ...analysis, categoryId }));
  }
}
