import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { ProposalChanges, VendorProposal } from '../types';

import { vendorProposalsKey } from './get-proposals';
import { vendorCall } from './vendor-call';

/**
 * Proposes changes to the listing (201: the proposal, open). The server checks them as the
 * operator's own edit is checked: a 400 says which field is wrong, or that nothing changes; a 409
 * that too many proposals wait already.
 */
export function proposeChange(changes: ProposalChanges): Promise<VendorProposal> {
  return vendorCall(client.POST('/api/vendor/proposals', { body: changes }));
}

export function useProposeChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proposeChange,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: vendorProposalsKey }),
  });
}
