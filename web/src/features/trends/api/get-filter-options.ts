import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { cacheTimes } from '@/lib/cache-times';

/** The values present in the bookings: metro areas, state codes and firm-size codes. */
export type FilterOptions = { dmas: string[]; states: string[]; firmSizes: string[] };

export function getFilterOptions(signal?: AbortSignal): Promise<FilterOptions> {
  return api.get('/api/demo-bookings/filter-options', { signal });
}

export const filterOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['filter-options'],
    queryFn: ({ signal }) => getFilterOptions(signal),
    ...cacheTimes.filterOptions,
  });

export function useFilterOptions() {
  return useQuery(filterOptionsQueryOptions());
}
