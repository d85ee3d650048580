import { queryOptions, useQuery } from '@tanstack/react-query';

import { client } from '@/lib/api-client';
import { cacheTimes } from '@/lib/cache-times';

import type { VendorMe } from '../types';

import { VendorUnauthorized, vendorAccountKey, vendorCall } from './vendor-call';

export const vendorMeKey = [...vendorAccountKey, 'me'] as const;

/**
 * The signed-in vendor account and its listing, or null when this browser has no vendor session
 * (the server answers 401). A firm's session is another cookie: it never counts here.
 */
export async function getVendorMe(signal?: AbortSignal): Promise<VendorMe | null> {
  try {
    return await vendorCall(client.GET('/api/vendor/me', { signal }));
  } catch (error) {
    if (error instanceof VendorUnauthorized) return null;
    throw error;
  }
}

export const vendorMeQueryOptions = () =>
  queryOptions({
    queryKey: vendorMeKey,
    queryFn: ({ signal }) => getVendorMe(signal),
    ...cacheTimes.me,
  });

export function useVendorMe() {
  return useQuery(vendorMeQueryOptions());
}
