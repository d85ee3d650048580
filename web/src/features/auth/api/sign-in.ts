import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { SignInRequest, UserEnvelope } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

export function signIn(input: SignInRequest): Promise<UserEnvelope> {
  return unwrap(client.POST('/api/auth/sign-in', { body: input }));
}

export function useSignIn({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => {
      // Seed the cache so the guard sees the user at once, then confirm with the server.
      queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      onSuccess?.();
    },
  });
}
