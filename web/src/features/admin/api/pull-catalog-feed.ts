import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { PullReport } from '@/lib/api/types';

import { catalogFeedKey } from './get-catalog-feed';
import { keysChangedByVendorEdit } from './update-vendor';

/** Fetches the feed from its saved source and applies it, or answers 400 with why nothing was applied. */
export function pullCatalogFeed(): Promise<PullReport> {
  return unwrap(client.POST('/api/admin/catalog-feed/pull'));
}

export function usePullCatalogFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pullCatalogFeed,
    // Either way the last attempt changed, and an applied version may have changed any vendor.
    // Awaited, so the screen shows the new status together with the pull's outcome.
    onSettled: () =>
      Promise.all(
        [catalogFeedKey, ...keysChangedByVendorEdit].map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}
