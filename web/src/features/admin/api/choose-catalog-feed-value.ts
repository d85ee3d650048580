import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FeedChoiceMade, FeedStatus } from '@/lib/api/types';

import { catalogFeedKey } from './get-catalog-feed';
import { keysChangedByVendorEdit } from './update-vendor';

/** Closes an open choice, keeping the feed's value of the fact or this install's; 404 when it is gone. */
export function chooseCatalogFeedValue(choice: FeedChoiceMade): Promise<FeedStatus> {
  return unwrap(client.POST('/api/admin/catalog-feed/choices', { body: choice }));
}

export function useChooseCatalogFeedValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseCatalogFeedValue,
    onSuccess: (status) => {
      queryClient.setQueryData(catalogFeedKey, status);
      return Promise.all(keysChangedByVendorEdit.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
    },
    // A choice already made (or replaced by a newer version): show the choices as they are now.
    onError: () => queryClient.invalidateQueries({ queryKey: catalogFeedKey }),
  });
}
