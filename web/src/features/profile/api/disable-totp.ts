import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { MfaCodeRequest } from '@/lib/api/types';

import { mfaStatusKey } from './get-mfa-status';

export function disableTotp(input: MfaCodeRequest): Promise<void> {
  return unwrap(client.DELETE('/api/auth/mfa/totp', { body: input }));
}

export function useDisableTotp({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: mfaStatusKey });
      onSuccess?.();
    },
  });
}
