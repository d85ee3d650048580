import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, client, unwrap } from '@/lib/api-client';
import type { FirmDeletion } from '@/lib/api/types';

import { firmKeys } from './keys';

// A firm whose deletion was scheduled was not blocked then; the refetch below says if it is now.
const NOT_SCHEDULED: FirmDeletion = { scheduled: false, dueAt: null, scheduledAt: null, by: null, canSchedule: true, blockedBy: null };

/**
 * Takes the firm's scheduled deletion back (owners): the firm stays. A deletion another owner took
 * back first (404) leaves the same firm, so it counts as done.
 */
export async function keepFirm(): Promise<void> {
  try {
    await unwrap(client.DELETE('/api/firm/deletion'));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

export function useKeepFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepFirm,
    onSuccess: () => {
      queryClient.setQueryData(firmKeys.deletion, NOT_SCHEDULED);
      void queryClient.invalidateQueries({ queryKey: firmKeys.deletion });
      void queryClient.invalidateQueries({ queryKey: firmKeys.audit });
    },
  });
}
