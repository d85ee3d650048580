import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FeedStatus } from '@/lib/api/types';

export const catalogFeedKey = ['admin', 'catalog-feed'] as const;

/** The signed catalog this install follows: its source and key, what was applied, the last pull and the open choices. */
export function getCatalogFeed(signal?: AbortSignal): Promise<FeedStatus> {
  return unwrap(client.GET('/api/admin/catalog-feed', { signal }));
}

export const catalogFeedQueryOptions = () =>
  queryOptions({
    queryKey: catalogFeedKey,
    queryFn: ({ signal }) => getCatalogFeed(signal),
  });

export function useCatalogFeed() {
  return useQuery(catalogFeedQueryOptions());
}
