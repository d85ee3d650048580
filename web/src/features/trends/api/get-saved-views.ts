import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { SavedViews } from '@/lib/api/types';

/** The key of the firm's saved views; only /trends reads them. */
export const savedViewsKey = ['saved-views'] as const;

/** The firm's saved views of /trends, by name. */
export function getSavedViews(signal?: AbortSignal): Promise<SavedViews> {
  return unwrap(client.GET('/api/views', { signal }));
}

export const savedViewsQueryOptions = () =>
  queryOptions({
    queryKey: savedViewsKey,
    queryFn: ({ signal }) => getSavedViews(signal),
  });

export function useSavedViews() {
  return useQuery(savedViewsQueryOptions());
}
