import { queryOptions, useQuery } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorProposal } from '../types';

import { vendorAccountKey, vendorCall } from './vendor-call';

export const vendorProposalsKey = [...vendorAccountKey, 'proposals'] as const;

/** The listing's proposals, newest first, by any of its people. */
export async function getVendorProposals(signal?: AbortSignal): Promise<VendorProposal[]> {
  return (await vendorCall(client.GET('/api/vendor/proposals', { signal }))).items;
}

export const vendorProposalsQueryOptions = () =>
  queryOptions({ queryKey: vendorProposalsKey, queryFn: ({ signal }) => getVendorProposals(signal), staleTime: 0 });

export function useVendorProposals() {
  return useQuery(vendorProposalsQueryOptions());
}
