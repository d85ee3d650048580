import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FilterOptions } from '@/lib/api/types';
import { cacheTimes } from '@/lib/cache-times';
import { queryKeys } from '@/lib/query-keys';

export function getFilterOptions(includeSample: boolean | undefined, signal?: AbortSignal): Promise<FilterOptions> {
  return unwrap(client.GET('/api/demo-bookings/filter-options', { params: { query: { includeSample } }, signal }));
}

/** The options of the bookings the dashboard shows: with the sample set only when it is shown. */
export const filterOptionsQueryOptions = (includeSample?: boolean) =>
  queryOptions({
    queryKey: [...queryKeys.filterOptions, { includeSample }],
    queryFn: ({ signal }) => getFilterOptions(includeSample, signal),
    ...cacheTimes.filterOptions,
  });

export function useFilterOptions(includeSample?: boolean) {
  return useQuery(filterOptionsQueryOptions(includeSample));
}
