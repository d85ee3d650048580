import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { SignInRequest, UserEnvelope } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

export function signIn(input: SignInRequest): Promise<UserEnvelope> {
  return api.post('/api/auth/sign-in', input);
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
