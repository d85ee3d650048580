import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

import { vendorProposalsKey, type VendorProposal } from './get-vendor-proposals';
import { keysChangedByVendorEdit } from './update-vendor';

export type ProposalDecision = { id: number } & components['schemas']['DecisionBody'];

/**
 * Approves a proposal (its facts go live, supplied by the vendor) or rejects it with a reason the
 * vendor is shown; 400 without a reason or when the proposal no longer passes the checks, 409
 * when it was decided already.
 */
export function decideVendorProposal({ id, ...decision }: ProposalDecision): Promise<VendorProposal> {
  return unwrap(client.POST('/api/admin/vendor-proposals/{id}/decision', { params: { path: { id } }, body: decision }));
}

export function useDecideVendorProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVendorProposal,
    // Awaited, so the decided proposal leaves the open list together with the toast. An approval
    // changed the listing firms see.
    onSuccess: (decided) =>
      Promise.all(
        [vendorProposalsKey, ...(decided.status === 'approved' ? keysChangedByVendorEdit : [])].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey: [...queryKey] }),
        ),
      ),
    // Decided meanwhile, withdrawn, or no longer valid: show the queue as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: vendorProposalsKey }),
  });
}
