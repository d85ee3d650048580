import { queryOptions, useQuery } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorLink } from '../types';

import { vendorAccountKey, vendorCall } from './vendor-call';

/**
 * Which listing and address a mailed link is for (a POST, so the token stays out of a server
 * log's address), or a 410 when it was used or expired.
 */
export function checkVendorLink(token: string, signal?: AbortSignal): Promise<VendorLink> {
  return vendorCall(client.POST('/api/vendor/links/check', { body: { token }, signal }));
}

export const vendorLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...vendorAccountKey, 'link', token],
    queryFn: ({ signal }) => checkVendorLink(token, signal),
    // A link can be used at any moment: never trust an old answer.
    staleTime: 0,
    gcTime: 0,
  });

export function useVendorLink(token: string) {
  return useQuery({ ...vendorLinkQueryOptions(token), enabled: token !== '' });
}
