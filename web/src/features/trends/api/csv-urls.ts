import { apiUrl } from '@/lib/api-client';
import type { TrendsPanel } from '@/lib/api/types';

import { trendsAnalysisQuery, vendorsAnalysisQuery, type TrendsAnalysis } from './analysis';
import { filtersToQuery, type TrendsFilters } from './filters';

export type { TrendsPanel };

/** A query's values as the text of an address (`apiUrl` takes text); absent ones left out. */
function asText<T extends object>(query: T): { [K in keyof T]?: string } {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  ) as { [K in keyof T]?: string };
}

/**
 * The CSV of a /trends panel: the very query the panel's numbers came from, plus `format=csv`
 * (and `panel=` on /api/trends), so the file holds what the screen shows.
 */
export function trendsCsvUrl(filters: TrendsFilters, analysis: TrendsAnalysis, panel: TrendsPanel): string {
  return apiUrl('/api/trends', { ...asText(filtersToQuery(filters)), ...asText(trendsAnalysisQuery(analysis)), format: 'csv', panel });
}

export function trendVendorsCsvUrl(filters: TrendsFilters, analysis: TrendsAnalysis): string {
  return apiUrl('/api/trends/vendors', { ...asText(filtersToQuery(filters)), ...asText(vendorsAnalysisQuery(analysis)), format: 'csv' });
}

export function trendCitiesCsvUrl(state: string, filters: TrendsFilters): string {
  return apiUrl('/api/trends/cities', { ...asText(filtersToQuery(filters)), state, format: 'csv' });
}

/** Every booking the filters match, newest first: the server streams the file, whatever its size. */
export function demoBookingsCsvUrl(filters: TrendsFilters): string {
  return apiUrl('/api/demo-bookings', { ...asText(filtersToQuery(filters)), format: 'csv' });
}
