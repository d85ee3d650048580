import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from './api-client';
import type { Category } from './api/types';
import { cacheTimes } from './cache-times';
import { queryKeys } from './query-keys';

/** The catalog's categories (GET /api/categories): filter chips, the questionnaire, the trends chart. */

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return unwrap(client.GET('/api/categories', { signal }));
}

/** Cached 60 s (SPEC section 9). */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => getCategories(signal),
    ...cacheTimes.categories,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

/** The category this text names by its name or its label (ignoring case and surrounding spaces), if any. */
export function findCategoryByName(categories: readonly Category[], name: string): Category | undefined {
  const wanted = name.trim().toLowerCase();
  return categories.find((category) => [category.name, category.label].some((n) => n.trim().toLowerCase() === wanted));
}
