import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Evaluation } from '@/lib/api/types';

import { evaluationKey } from './get-evaluation';

/** Closes the category's latest round (owners and admins): nothing of it changes again. */
export function closeRound(categoryId: string): Promise<Evaluation> {
  return unwrap(client.POST('/api/evaluations/{categoryId}/close', { params: { path: { categoryId: Number(categoryId) } } }));
}

export function useCloseRound(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeRound(categoryId),
    onSuccess: (evaluation) => queryClient.setQueryData(evaluationKey(categoryId), evaluation),
  });
}
