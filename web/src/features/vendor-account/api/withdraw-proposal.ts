import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { VendorProposal } from '../types';

import { vendorProposalsKey } from './get-proposals';
import { vendorCall } from './vendor-call';

/** Takes back an open proposal before the operator decides (409 when decided already). */
export function withdrawProposal(id: number): Promise<VendorProposal> {
  return vendorCall(client.POST('/api/vendor/proposals/{id}/withdraw', { params: { path: { id } } }));
}

export function useWithdrawProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawProposal,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: vendorProposalsKey }),
  });
}
