import { queryOptions, useQuery } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorStats } from '../types';

import { vendorAccountKey, vendorCall } from './vendor-call';

export const vendorStatsKey = [...vendorAccountKey, 'stats'] as const;

/**
 * How many verified firms opened the listing's profile and scheduler in each of the last 12
 * months, newest first; a figure is null for the month in progress and when fewer than `minFirms`
 * firms did.
 */
export async function getVendorStats(signal?: AbortSignal): Promise<VendorStats> {
  return vendorCall(client.GET('/api/vendor/stats', { signal }));
}

export const vendorStatsQueryOptions = () =>
  queryOptions({ queryKey: vendorStatsKey, queryFn: ({ signal }) => getVendorStats(signal), staleTime: 0 });

export function useVendorStats() {
  return useQuery(vendorStatsQueryOptions());
}
