import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import { vendorMeKey } from './get-vendor-me';
import { vendorNoticesKey } from './get-notices';
import { vendorCall } from './vendor-call';

/** Marks every notice of the account read. */
export function readVendorNotices(): Promise<void> {
  return vendorCall(client.POST('/api/vendor/notices/read'));
}

export function useReadVendorNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readVendorNotices,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: vendorNoticesKey });
      // The header's count of unread notices comes with the account.
      await queryClient.invalidateQueries({ queryKey: vendorMeKey });
    },
  });
}
