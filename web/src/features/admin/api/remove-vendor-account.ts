import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { vendorAccountsKey } from './get-vendor-accounts';

/** Removes a vendor account and ends its sessions; its proposals stay. */
export function removeVendorAccount(id: number): Promise<void> {
  return unwrap(client.DELETE('/api/admin/vendor-accounts/{id}', { params: { path: { id } } }));
}

export function useRemoveVendorAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVendorAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorAccountsKey }),
  });
}
