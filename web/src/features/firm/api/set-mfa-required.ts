import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FirmEnvelope, MfaRequiredRequest } from '@/lib/api/types';

import { firmKeys } from './keys';

/** Requires (or stops requiring) two-step sign-in of every member (owners only). */
export function setMfaRequired(input: MfaRequiredRequest): Promise<FirmEnvelope> {
  return unwrap(client.PUT('/api/firm/mfa-required', { body: input }));
}

export function useSetMfaRequired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMfaRequired,
    onSuccess: ({ firm }) => {
      queryClient.setQueryData(firmKeys.detail, { firm });
      // Read again in the background: the screen already shows the answer.
      void queryClient.invalidateQueries({ queryKey: firmKeys.audit });
    },
  });
}
