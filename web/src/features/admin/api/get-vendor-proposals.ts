import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type ProposalQueue = components['schemas']['ProposalQueue'];
export type VendorProposal = components['schemas']['ProposalView'];
export type ProposalChange = components['schemas']['FieldChange'];

export const vendorProposalsKey = ['admin', 'vendor-proposals'] as const;

/** The proposals vendors made for their listings: the open ones, oldest first, and the 50 last decided. */
export function getVendorProposals(signal?: AbortSignal): Promise<ProposalQueue> {
  return unwrap(client.GET('/api/admin/vendor-proposals', { signal }));
}

export const vendorProposalsQueryOptions = () =>
  queryOptions({
    queryKey: vendorProposalsKey,
    queryFn: ({ signal }) => getVendorProposals(signal),
  });

export function useVendorProposals() {
  return useQuery(vendorProposalsQueryOptions());
}
