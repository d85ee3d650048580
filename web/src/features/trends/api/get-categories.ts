import { queryOptions } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { cacheTimes } from '@/lib/cache-times';

export type Category = { id: number; name: string };

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get('/api/categories', { signal });
}

/** The catalog's categories, cached 60 s (SPEC section 9); read when a chart bar is clicked. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => getCategories(signal),
    ...cacheTimes.categories,
  });

/** The category whose name matches (ignoring case and surrounding spaces), if any. */
export function findCategoryByName(categories: readonly Category[], name: string): Category | undefined {
  const wanted = name.trim().toLowerCase();
  return categories.find((category) => category.name.trim().toLowerCase() === wanted);
}
