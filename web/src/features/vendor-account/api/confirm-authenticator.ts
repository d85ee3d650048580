import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorFactorOn } from '../types';

import { vendorMeKey } from './get-vendor-me';
import { vendorCall } from './vendor-call';

/**
 * Turns the authenticator on with a first code from it; from then on sign-in asks for a code. The
 * answer carries the ten recovery codes, which the server never shows again.
 */
export function confirmAuthenticator(code: string): Promise<VendorFactorOn> {
  return vendorCall(client.POST('/api/vendor/mfa/confirm', { body: { code } }));
}

/**
 * `onSuccess` gets the recovery codes. It is a hook option, not `mutate`'s, so it still runs once
 * the account in the cache says the app is on and the set-up form is gone.
 */
export function useConfirmAuthenticator({ onSuccess }: { onSuccess?: (recoveryCodes: string[]) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmAuthenticator,
    onSuccess: ({ me, recoveryCodes }) => {
      queryClient.setQueryData(vendorMeKey, me);
      onSuccess?.(recoveryCodes);
    },
  });
}
