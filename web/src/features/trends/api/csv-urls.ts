import { withQuery } from '@/lib/api-client';

import { trendsAnalysisQuery, vendorsAnalysisQuery, type TrendsAnalysis } from './analysis';
import { filtersToQuery, type TrendsFilters } from './filters';

/** The panels /api/trends writes as CSV. */
export type TrendsPanel = 'summary' | 'categories' | 'states' | 'series';

/**
 * The CSV of a /trends panel: the very query the panel's numbers came from, plus `format=csv`
 * (and `panel=` on /api/trends), so the file holds what the screen shows.
 */
export function trendsCsvUrl(filters: TrendsFilters, analysis: TrendsAnalysis, panel: TrendsPanel): string {
  return withQuery('/api/trends', { ...filtersToQuery(filters), ...trendsAnalysisQuery(analysis), format: 'csv', panel });
}

export function trendVendorsCsvUrl(filters: TrendsFilters, analysis: TrendsAnalysis): string {
  return withQuery('/api/trends/vendors', { ...filtersToQuery(filters), ...vendorsAnalysisQuery(analysis), format: 'csv' });
}

export function trendCitiesCsvUrl(state: string, filters: TrendsFilters): string {
  return withQuery('/api/trends/cities', { ...filtersToQuery(filters), state, format: 'csv' });
}

/** The bookings of the page on screen (`limit` rows from `offset`), as the table shows them. */
export function demoBookingsCsvUrl(filters: TrendsFilters, limit: number, offset: number): string {
  return withQuery('/api/demo-bookings', { ...filtersToQuery(filters), limit, offset, format: 'csv' });
}
