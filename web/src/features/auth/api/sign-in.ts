import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

export type SignInInput = { email: string; password: string };

export function signIn(input: SignInInput): Promise<{ user: User }> {
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
