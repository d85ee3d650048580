import { queryOptions, useQuery } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorStats } from '../types';

import { vendorAccountKey, vendorCall } from './vendor-call';

export const vendorStatsKey = [...vendorAccountKey, 'stats'] as const;

/**
 * The listing's profile views and scheduler opens for the last 12 months, newest first, counted
 * over verified firms only; a month's figure is null when fewer than `minFirms` firms made it up.
 */
export async function getVendorStats(signal?: AbortSignal): Promise<VendorStats> {
  return vendorCall(client.GET('/api/vendor/stats', { signal }));
}

export const vendorStatsQueryOptions = () =>
  queryOptions({ queryKey: vendorStatsKey, queryFn: ({ signal }) => getVendorStats(signal), staleTime: 0 });

export function useVendorStats() {
  return useQuery(vendorStatsQueryOptions());
}
