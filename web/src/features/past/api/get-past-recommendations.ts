import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PastPage } from '@/lib/api/types';

export type PastFilters = { categoryIds: number[]; page: number };

/** The signed-in user's own history (the server ignores any user id). */
export function getPastRecommendations({ categoryIds, page }: PastFilters): Promise<PastPage> {
  return unwrap(
    client.GET('/api/past-recommendations', {
      params: { query: { categoryIds: categoryIds.join(','), page: page > 1 ? page : undefined } },
    }),
  );
}

export const pastRecommendationsQueryOptions = (filters: PastFilters) =>
  queryOptions({
    queryKey: [...queryKeys.pastRecommendations, filters] as const,
    queryFn: () => getPastRecommendations(filters),
    placeholderData: keepPreviousData,
  });

export function usePastRecommendations(filters: PastFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...pastRecommendationsQueryOptions(filters), enabled });
}
