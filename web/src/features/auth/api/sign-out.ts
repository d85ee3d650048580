import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function signOut(): Promise<void> {
  return unwrap(client.POST('/api/auth/sign-out'));
}

/** Ends the session; on success nobody's data stays in the cache. */
export function useSignOut({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.me, null);
      onSuccess?.();
      queryClient.clear();
    },
    onError,
  });
}
