import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { DecisionRequest, DecisionView } from '@/lib/api/types';

import { decisionQueryKey } from './get-decision';
import { decisionsQueryKey } from './get-decisions';

/** Edits an open decision: a new version of its record, which approvals of the old one no longer cover. */
export function editDecision({ id, body }: { id: number; body: DecisionRequest }): Promise<DecisionView> {
  return unwrap(client.PUT('/api/decisions/{id}', { params: { path: { id } }, body }));
}

export function useEditDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editDecision,
    onSuccess: (decision) => {
      queryClient.setQueryData(decisionQueryKey(id), decision);
      void queryClient.invalidateQueries({ queryKey: decisionsQueryKey });
    },
  });
}
