import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

import { vendorProposalsKey, type VendorProposal } from './get-vendor-proposals';
import { keysChangedByVendorEdit } from './update-vendor';

export type FactDecision = { id: number; field: string } & components['schemas']['FactDecisionBody'];
export type EvidenceBody = components['schemas']['EvidenceBody'];

/**
 * Approves one fact of a proposal (it goes live at once, supplied by the vendor; an attestation
 * needs its evidence) or rejects it, with a reason the vendor sees if one is given; 400 without
 * an attestation's evidence or with a page not the vendor's own, 409 when decided already.
 */
export function decideVendorFact({ id, field, ...decision }: FactDecision): Promise<VendorProposal> {
  return unwrap(
    client.POST('/api/admin/vendor-proposals/{id}/facts/{field}/decision', {
      params: { path: { id, field } },
      body: decision,
    }),
  );
}

export function useDecideVendorFact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVendorFact,
    // An approval changed the listing firms see. Not awaited: the caller's own success (its toast,
    // where the focus goes) runs first, since the fact that decides a proposal takes its item, and
    // the caller, off the list.
    onSuccess: (_, decision) => {
      void Promise.all(
        [vendorProposalsKey, ...(decision.approve ? keysChangedByVendorEdit : [])].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey: [...queryKey] }),
        ),
      );
    },
  });
}
