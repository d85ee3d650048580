import { queryOptions, useQuery } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { ClaimableListing } from '../types';

import { vendorAccountKey, vendorCall } from './vendor-call';

export const claimableListingsKey = [...vendorAccountKey, 'claimable-listings'] as const;

/**
 * The catalog's active listings by name, each with the domain a claim's address must be at (null
 * when the listing can only be invited). Public, as the catalog's names and websites are.
 */
export async function getClaimableListings(signal?: AbortSignal): Promise<ClaimableListing[]> {
  const { items } = await vendorCall(client.GET('/api/vendor/listings', { signal }));
  return items;
}

export const claimableListingsQueryOptions = () =>
  queryOptions({
    queryKey: claimableListingsKey,
    queryFn: ({ signal }) => getClaimableListings(signal),
    staleTime: 5 * 60_000,
  });

export function useClaimableListings() {
  return useQuery(claimableListingsQueryOptions());
}
