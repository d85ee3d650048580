import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { VendorMerge, VendorMerged } from '@/lib/api/types';

import { keysChangedByVendorEdit } from './update-vendor';

/** Folds vendor `from` into `into`: every reference moves, `from` is deleted. */
export function mergeVendors(merge: VendorMerge): Promise<VendorMerged> {
  return unwrap(client.POST('/api/admin/vendors/merge', { body: merge }));
}

export function useMergeVendors() {
  const queryClient = useQueryClient();
  // Every firm's tech stack, shortlist and clicks may now name the kept vendor.
  const keys = [...keysChangedByVendorEdit, queryKeys.shortlist, queryKeys.techStack, queryKeys.coverage, queryKeys.dismissed];
  return useMutation({
    mutationFn: mergeVendors,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
