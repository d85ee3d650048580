import type { QueryClient } from '@tanstack/react-query';

import { categoriesQueryOptions } from '@/lib/categories';

import { parseAnalysis, type Granularity, type TrendsAnalysis } from './analysis';
import { filtersFrom, isDateRangeInverted, type TrendsFilters } from './filters';
import { BOOKINGS_PAGE_SIZE, demoBookingsQueryOptions, pageFrom } from './get-demo-bookings';
import { filterOptionsQueryOptions } from './get-filter-options';
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

/**
 * Asks ahead for what /trends without filters shows first (the figures, the vendors, the first
 * page of bookings, the filter choices), with the keys the screen reads: a pointer resting on its
 * sidebar link, or the focus landing on it, makes the move to it show cached answers.
 */
export function askAheadTrendsScreen(queryClient: QueryClient) {
  const none: TrendsFilters = {};
  void queryClient.prefetchQuery(trendsQueryOptions(none));
  void queryClient.prefetchQuery(trendVendorsQueryOptions(none, {}));
  void queryClient.prefetchQuery(demoBookingsQueryOptions(none, 0));
  void queryClient.prefetchQuery(filterOptionsQueryOptions(undefined));
}

/**
 * Asks for what /trends shows first under the address's filters (`search`, as the screen reads
 * it), with the keys the screen reads: the figures, the vendors, the page of bookings, the filter
 * choices and the categories. Called while the screen's code loads (on a full load, while all the
 * app's code does), so the answers are in, or on their way, when it first renders.
 */
export function askForTrendsScreen(queryClient: QueryClient, search: string) {
  const params = new URLSearchParams(search);
  const get = (name: string) => params.get(name) || undefined;
  const filters = filtersFrom(get);
  if (isDateRangeInverted(filters)) return; // The screen says what is wrong and asks nothing.
  const analysis = parseAnalysis(get);
  void queryClient.prefetchQuery(trendsQueryOptions(filters, analysis));
  void queryClient.prefetchQuery(trendVendorsQueryOptions(filters, analysis));
  void queryClient.prefetchQuery(demoBookingsQueryOptions(filters, (pageFrom(get) - 1) * BOOKINGS_PAGE_SIZE));
  void queryClient.prefetchQuery(filterOptionsQueryOptions(filters.includeSample));
  void queryClient.prefetchQuery(categoriesQueryOptions());
}
