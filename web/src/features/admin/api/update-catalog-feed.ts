import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FeedStatus, FeedSubscriptionEdit } from '@/lib/api/types';

import { catalogFeedKey } from './get-catalog-feed';

/** Saves where the feed comes from, the publisher's key and the schedule; null clears a field. */
export function updateCatalogFeed(edit: FeedSubscriptionEdit): Promise<FeedStatus> {
  return unwrap(client.PUT('/api/admin/catalog-feed', { body: edit }));
}

export function useUpdateCatalogFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCatalogFeed,
    // The answer is the saved state.
    onSuccess: (saved) => queryClient.setQueryData(catalogFeedKey, saved),
  });
}
