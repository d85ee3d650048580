import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { AdminFirmEnvelope, FirmMerge } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { adminFirmsKey } from './get-admin-firms';

/** Moves every member and all data of `from` into `into`; answers the kept firm. */
export function mergeFirms(merge: FirmMerge): Promise<AdminFirmEnvelope> {
  return unwrap(client.POST('/api/admin/firms/merge', { body: merge }));
}

export function useMergeFirms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeFirms,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminFirmsKey] }),
        // The operator may have been in either firm: their own firm's name and data can change.
        queryClient.invalidateQueries({ queryKey: [...queryKeys.me] }),
      ]),
  });
}
