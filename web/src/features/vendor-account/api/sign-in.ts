import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorSignInRequest, VendorSignedIn } from '../types';

import { vendorMeKey } from './get-vendor-me';
import { vendorAccountKey, vendorCall } from './vendor-call';

export function vendorSignIn(input: VendorSignInRequest): Promise<VendorSignedIn> {
  return vendorCall(client.POST('/api/vendor/sign-in', { body: input }));
}

/**
 * Signs a vendor account in. `onCodeRequired` when the password was right and the account asks
 * for its authenticator code (post again with `code`); `onSignedIn` once the session is made.
 */
export function useVendorSignIn({ onSignedIn, onCodeRequired }: { onSignedIn?: () => void; onCodeRequired?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: vendorSignIn,
    onSuccess: ({ codeRequired, me }) => {
      if (codeRequired || !me) {
        onCodeRequired?.();
        return;
      }
      // Another account's listing may be in the cache: start from this one's.
      queryClient.removeQueries({ queryKey: vendorAccountKey });
      queryClient.setQueryData(vendorMeKey, me);
      onSignedIn?.();
    },
  });
}
