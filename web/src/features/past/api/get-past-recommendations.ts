import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Vendor } from '@/lib/vendor';

export type PastRecommendation = {
  recommendationId: string;
  vendor: Vendor;
  categoryId: number;
  recommendedAt: string;
  reasons: { strengths: string[] };
};

export type PastPage = {
  items: PastRecommendation[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
};

export type PastFilters = { categoryIds: number[]; page: number };

/** The signed-in user's own history (the server ignores any user id). */
export function getPastRecommendations({ categoryIds, page }: PastFilters): Promise<PastPage> {
  return api.get('/api/past-recommendations', { query: { categoryIds, page: page > 1 ? page : undefined } });
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
