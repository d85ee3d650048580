import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import { vendorMeKey } from './get-vendor-me';
import { vendorAccountKey, vendorCall } from './vendor-call';

export function vendorSignOut(): Promise<void> {
  return vendorCall(client.POST('/api/vendor/sign-out'));
}

/** Ends this browser's vendor session; nothing of the listing stays in the cache. */
export function useVendorSignOut({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: vendorSignOut,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: vendorAccountKey });
      queryClient.setQueryData(vendorMeKey, null);
      onSuccess?.();
    },
  });
}
