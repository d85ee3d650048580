import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, client, unwrap } from '@/lib/api-client';
import type { FirmDeletion, FirmDeletionRequest } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { firmKeys } from './keys';

/**
 * Schedules the firm's deletion after the install's grace period (owners; an owner with two-step
 * sign-in gives a current code or a recovery code). Answers the deletion that stands: asking again
 * keeps the first schedule.
 */
export function scheduleFirmDeletion(input: FirmDeletionRequest): Promise<FirmDeletion> {
  return unwrap(client.POST('/api/firm/deletion', { body: input }));
}

export function useScheduleFirmDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleFirmDeletion,
    onSuccess: (answer, input) => {
      queryClient.setQueryData(firmKeys.deletion, answer);
      // Read again in the background: the screen already shows the answer. The audit log records
      // the schedule; a recovery code used leaves one fewer.
      void queryClient.invalidateQueries({ queryKey: firmKeys.deletion });
      void queryClient.invalidateQueries({ queryKey: firmKeys.audit });
      if (input.code) void queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
    },
    onError: (error) => {
      // Asked for a code the dialog did not ask for (two-step sign-in turned on elsewhere): read
      // the status again, and the field appears.
      if (error instanceof ApiError && error.status === 400) void queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
    },
  });
}
