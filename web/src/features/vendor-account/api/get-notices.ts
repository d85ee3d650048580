import { queryOptions, useQuery } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorNotice } from '../types';

import { vendorAccountKey, vendorCall } from './vendor-call';

export const vendorNoticesKey = [...vendorAccountKey, 'notices'] as const;

/** What the account was told (a proposal approved or not), newest first. */
export async function getVendorNotices(signal?: AbortSignal): Promise<VendorNotice[]> {
  return (await vendorCall(client.GET('/api/vendor/notices', { signal }))).items;
}

export const vendorNoticesQueryOptions = () =>
  queryOptions({ queryKey: vendorNoticesKey, queryFn: ({ signal }) => getVendorNotices(signal), staleTime: 0 });

export function useVendorNotices() {
  return useQuery(vendorNoticesQueryOptions());
}
