import type { FirmSize, TrendsQuery } from '@/lib/api/types';

/**
 * The dashboard's filters as the API takes them. `dma` is the metro area picked in the City
 * typeahead; dates are YYYY-MM-DD, both ends inclusive. Absent values are left out of the query.
 * `includeSample` is the "Show sample data" switch: absent, the server includes the generated
 * sample bookings only while no real booking exists.
 */
export type TrendsFilters = {
  dma?: string;
  state?: string;
  firmSize?: string;
  start?: string;
  end?: string;
  includeSample?: boolean;
};

/** The filters Reset clears (SPEC: city, state, firm size and the dates; not the sample switch). */
export const filterNames = ['dma', 'state', 'firmSize', 'start', 'end'] as const satisfies ReadonlyArray<keyof TrendsFilters>;

/**
 * `firmSize` is the address's own text: the server answers a size it does not know with a 400
 * that says so, as it always has.
 */
export function filtersToQuery(filters: TrendsFilters): TrendsQuery {
  return {
    dma: filters.dma,
    state: filters.state,
    firmSize: filters.firmSize as FirmSize | undefined,
    start: filters.start,
    end: filters.end,
    includeSample: filters.includeSample,
  };
}

/** The address's `includeSample`: only "true" or "false" count, anything else is left to the default. */
export function parseIncludeSample(raw: string | undefined | null): boolean | undefined {
  return raw === 'true' ? true : raw === 'false' ? false : undefined;
}

/** True when both dates are set and From comes after To (YYYY-MM-DD compares as text). */
export function isDateRangeInverted(filters: Pick<TrendsFilters, 'start' | 'end'>): boolean {
  return Boolean(filters.start && filters.end && filters.start > filters.end);
}

/**
 * The filters an address names (absent ones left out, so equal filters make equal query keys):
 * the screen reads them, and a full load asks for its answers with them while the code loads.
 */
export function filtersFrom(get: (name: string) => string | undefined): TrendsFilters {
  const filters: TrendsFilters = {};
  for (const name of filterNames) {
    const value = get(name);
    if (value) filters[name] = value;
  }
  const includeSample = parseIncludeSample(get('includeSample'));
  return includeSample === undefined ? filters : { ...filters, includeSample };
}
