import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type VendorAccount = components['schemas']['VendorAccountView'];

export const vendorAccountsKey = ['admin', 'vendor-accounts'] as const;

/** Every person who keeps a vendor listing, by listing. */
export function getVendorAccounts(signal?: AbortSignal): Promise<VendorAccount[]> {
  return unwrap(client.GET('/api/admin/vendor-accounts', { signal })).then((answer) => answer.items);
}

export const vendorAccountsQueryOptions = () =>
  queryOptions({
    queryKey: vendorAccountsKey,
    queryFn: ({ signal }) => getVendorAccounts(signal),
  });

export function useVendorAccounts() {
  return useQuery(vendorAccountsQueryOptions());
}
