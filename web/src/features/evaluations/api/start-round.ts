import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Evaluation } from '@/lib/api/types';

import { evaluationKey } from './get-evaluation';

/** Starts the category's next round once the latest is closed (owners and admins). */
export function startRound(categoryId: string): Promise<Evaluation> {
  return unwrap(client.POST('/api/evaluations/{categoryId}/re-evaluate', { params: { path: { categoryId: Number(categoryId) } } }));
}

export function useStartRound(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startRound(categoryId),
    onSuccess: (evaluation) => queryClient.setQueryData(evaluationKey(categoryId), evaluation),
  });
}
