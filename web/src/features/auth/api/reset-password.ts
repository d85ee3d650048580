import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ResetPasswordRequest } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

/** Sets a new password with a one-time reset link; every session of that account ends. */
export function resetPassword(input: ResetPasswordRequest): Promise<void> {
  return api.post('/api/auth/reset-password', input);
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
