import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { SignUpRequest, UserEnvelope } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { setupStatusKey } from './get-setup-status';

export function signUp(input: SignUpRequest): Promise<UserEnvelope> {
  return unwrap(client.POST('/api/auth/sign-up', { body: input }));
}

export function useSignUp({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: setupStatusKey });
      onSuccess?.();
    },
  });
}
