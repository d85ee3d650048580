import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';

export function signOut(): Promise<void> {
  return api.post('/api/auth/sign-out');
}

/** Ends the session; on success nobody's data stays in the cache. */
export function useSignOut({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(meQueryKey, null);
      onSuccess?.();
      queryClient.clear();
    },
    onError,
  });
}
