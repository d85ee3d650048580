import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Scorecard } from '@/lib/api/types';

import { evaluationKey } from './get-evaluation';

/** Submits the signed-in person's saved scorecard for a vendor. */
export function submitScorecard(categoryId: string, vendorId: number): Promise<Scorecard> {
  return unwrap(
    client.POST('/api/evaluations/{categoryId}/scorecards/{vendorId}/submit', {
      params: { path: { categoryId: Number(categoryId), vendorId } },
    }),
  );
}

export function useSubmitScorecard(categoryId: string, vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitScorecard(categoryId, vendorId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKey(categoryId) }),
  });
}
