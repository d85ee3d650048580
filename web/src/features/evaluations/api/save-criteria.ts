import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { CriteriaRequest, Evaluation, EvaluationCriteria } from '@/lib/api/types';

import { evaluationKey } from './get-evaluation';

/** Saves the criteria (after the lock: owners and admins, with a reason). */
export function saveCriteria(categoryId: string, body: CriteriaRequest): Promise<EvaluationCriteria> {
  return unwrap(client.PUT('/api/evaluations/{categoryId}/criteria', { params: { path: { categoryId: Number(categoryId) } }, body }));
}

export function useSaveCriteria(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CriteriaRequest) => saveCriteria(categoryId, body),
    // The answer is the saved criteria: the screen shows them at once, and the rest of the
    // evaluation (the vendors' rows name the criteria) is read again in the background.
    onSuccess: (saved) => {
      queryClient.setQueryData<Evaluation>(evaluationKey(categoryId), (old) => (old ? { ...old, criteria: saved } : old));
      void queryClient.invalidateQueries({ queryKey: evaluationKey(categoryId), exact: true });
    },
  });
}
