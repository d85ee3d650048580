import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { ResetPasswordRequest } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

/** Sets a new password with a one-time reset link; every session of that account ends. */
export function resetPassword(input: ResetPasswordRequest): Promise<void> {
  return unwrap(client.POST('/api/auth/reset-password', { body: input }));
}

export function useResetPassword({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: async () => {
      // If this browser was signed in to that account, that session has just ended.
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
      onSuccess?.();
    },
  });
}
