import { queryOptions, useQuery } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorSession } from '../types';

import { vendorAccountKey, vendorCall } from './vendor-call';

export const vendorSessionsKey = [...vendorAccountKey, 'sessions'] as const;

/** Where the account is signed in, newest first; `current` is this browser. */
export async function getVendorSessions(signal?: AbortSignal): Promise<VendorSession[]> {
  return (await vendorCall(client.GET('/api/vendor/sessions', { signal }))).items;
}

export const vendorSessionsQueryOptions = () =>
  queryOptions({ queryKey: vendorSessionsKey, queryFn: ({ signal }) => getVendorSessions(signal), staleTime: 0 });

export function useVendorSessions() {
  return useQuery(vendorSessionsQueryOptions());
}
