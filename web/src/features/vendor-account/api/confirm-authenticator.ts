import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorMe } from '../types';

import { vendorMeKey } from './get-vendor-me';
import { vendorCall } from './vendor-call';

/** Turns the authenticator on with a first code from it; from then on sign-in asks for a code. */
export function confirmAuthenticator(code: string): Promise<VendorMe> {
  return vendorCall(client.POST('/api/vendor/mfa/confirm', { body: { code } }));
}

export function useConfirmAuthenticator({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAuthenticator,
    onSuccess: (me) => {
      queryClient.setQueryData(vendorMeKey, me);
      onSuccess?.();
    },
  });
}
