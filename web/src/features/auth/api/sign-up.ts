import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { SignUpRequest, UserEnvelope } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

export function signUp(input: SignUpRequest): Promise<UserEnvelope> {
  return api.post('/api/auth/sign-up', input);
}

export function useSignUp({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: ['auth', 'setup'] });
      onSuccess?.();
    },
  });
}
