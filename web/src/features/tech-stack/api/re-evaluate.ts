import { useMutation } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Evaluation } from '@/lib/api/types';

/** Starts the next round of the category's evaluation, the firm's current tool as the baseline. */
export function reEvaluate(categoryId: number): Promise<Evaluation> {
  return unwrap(client.POST('/api/evaluations/{categoryId}/re-evaluate', { params: { path: { categoryId } } }));
}

export function useReEvaluate() {
  return useMutation({ mutationFn: reEvaluate });
}
