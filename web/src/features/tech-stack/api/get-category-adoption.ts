import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { CategoryAdoptionList } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

export const categoryAdoptionQueryKey = queryKeys.techStack;

export function getCategoryAdoption(): Promise<CategoryAdoptionList> {
  return unwrap(client.GET('/api/profile/category-adoption'));
}

export const categoryAdoptionQueryOptions = () => queryOptions({ queryKey: categoryAdoptionQueryKey, queryFn: getCategoryAdoption });

export function useCategoryAdoption({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoryAdoptionQueryOptions(), enabled });
}
