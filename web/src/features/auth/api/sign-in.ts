import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { SignInAnswer, SignInRequest } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

export function signIn(input: SignInRequest): Promise<SignInAnswer> {
  return unwrap(client.POST('/api/auth/sign-in', { body: input }));
}

/**
 * Signs in. `onSuccess` gets the second step's token when the account has two-step sign-in on
 * (no session yet), else nothing (signed in).
 */
export function useSignIn({ onSuccess }: { onSuccess?: (mfaToken?: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user, mfaRequired, mfaToken }) => {
      if (mfaRequired && mfaToken) {
        onSuccess?.(mfaToken);
        return;
      }
      // Seed the cache so the guard sees the user at once, then confirm with the server.
      if (user) queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      onSuccess?.();
    },
  });
}
