import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Comparison } from '@/lib/api/types';

/** GET /api/compare?ids=…: the raw `ids` text goes to the server, which says what is wrong with it. */
export function getComparison(ids: string, signal?: AbortSignal): Promise<Comparison> {
  return unwrap(client.GET('/api/compare', { params: { query: { ids } }, signal }));
}

export const comparisonQueryOptions = (ids: string) =>
  queryOptions({
    queryKey: ['compare', ids] as const,
    queryFn: ({ signal }) => getComparison(ids, signal),
    // A bad address stays bad: no retry.
    retry: false,
  });

export function useComparison(ids: string) {
  return useQuery(comparisonQueryOptions(ids));
}
