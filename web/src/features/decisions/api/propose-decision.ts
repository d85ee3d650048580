import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { DecisionRequest, DecisionView } from '@/lib/api/types';

import { decisionQueryKey } from './get-decision';
import { decisionsQueryKey } from './get-decisions';

/** Proposes the firm's decision in a category (owners and admins). */
export function proposeDecision(body: DecisionRequest): Promise<DecisionView> {
  return unwrap(client.POST('/api/decisions', { body }));
}

export function useProposeDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proposeDecision,
    // The answer is the decision as proposed: its screen opens on it at once; the list is read
    // again in the background.
    onSuccess: (decision) => {
      queryClient.setQueryData(decisionQueryKey(decision.id), decision);
      void queryClient.invalidateQueries({ queryKey: decisionsQueryKey, exact: true });
    },
  });
}
