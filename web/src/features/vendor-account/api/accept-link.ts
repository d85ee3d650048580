import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorMe } from '../types';

import { vendorMeKey } from './get-vendor-me';
import { vendorCall } from './vendor-call';

/** Makes the link's vendor account and signs it in (the vendor session cookie). */
export function acceptVendorLink(input: { token: string; name: string; password: string }): Promise<VendorMe> {
  return vendorCall(client.POST('/api/vendor/links/accept', { body: input }));
}

export function useAcceptVendorLink({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptVendorLink,
    onSuccess: (me) => {
      queryClient.setQueryData(vendorMeKey, me);
      onSuccess?.();
    },
  });
}
