import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { DecisionVerdict, DecisionView } from '@/lib/api/types';

import { decisionQueryKey } from './get-decision';
import { decisionsQueryKey } from './get-decisions';

/** Approves the version of `versionHash`; a 409 says the decision changed since it was read. */
export function approveDecision({ id, body }: { id: number; body: DecisionVerdict }): Promise<DecisionView> {
  return unwrap(client.POST('/api/decisions/{id}/approve', { params: { path: { id } }, body }));
}

export function useApproveDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveDecision,
    // The answer is the decision with the approval in it: shown at once, the list read again
    // behind. A refusal (409: it changed since it was read) reads the decision again.
    onSuccess: (decision) => {
      queryClient.setQueryData(decisionQueryKey(decision.id), decision);
      void queryClient.invalidateQueries({ queryKey: decisionsQueryKey, exact: true });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: decisionsQueryKey }),
  });
}
