import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { MfaCodeRequest, RecoveryCodes } from '@/lib/api/types';

import { mfaStatusKey } from './get-mfa-status';

export function confirmTotp(input: MfaCodeRequest): Promise<RecoveryCodes> {
  return unwrap(client.POST('/api/auth/mfa/totp/confirm', { body: input }));
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mfaStatusKey }),
  });
}
