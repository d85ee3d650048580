import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { MfaVerifyRequest, UserEnvelope } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

export function verifyMfa(input: MfaVerifyRequest): Promise<UserEnvelope> {
  return unwrap(client.POST('/api/auth/mfa/verify', { body: input }));
}

/** The second step of a sign-in: a code from the app or a recovery code starts the session. */
export function useVerifyMfa({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyMfa,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      onSuccess?.();
    },
  });
}
