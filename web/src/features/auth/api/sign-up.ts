import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import type { FirmSize } from '@/lib/enums';
import { queryKeys } from '@/lib/query-keys';

export type SignUpInput = {
  name: string;
  email: string;
  password: string;
  lawFirm: string;
  firmSize?: FirmSize;
  /** Only for the first account of a server on a network address. */
  setupToken?: string;
};

export function signUp(input: SignUpInput): Promise<{ user: User }> {
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
