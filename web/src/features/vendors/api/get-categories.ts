import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { cacheTimes } from '@/lib/cache-times';

export type Category = { id: number; name: string; stage: number | null };

export const categoriesQueryKey = ['categories'] as const;

export function getCategories(): Promise<Category[]> {
  return api.get('/api/categories');
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: categoriesQueryKey, queryFn: getCategories, ...cacheTimes.categories });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
