import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Evaluation } from '@/lib/api/types';

export const evaluationKey = (categoryId: string) => ['evaluations', categoryId] as const;

/** The category's evaluation as the signed-in person may see it. */
export function getEvaluation(categoryId: string): Promise<Evaluation> {
  return unwrap(client.GET('/api/evaluations/{categoryId}', { params: { path: { categoryId: Number(categoryId) } } }));
}

export const evaluationQueryOptions = (categoryId: string) =>
  queryOptions({ queryKey: evaluationKey(categoryId), queryFn: () => getEvaluation(categoryId) });

export function useEvaluation(categoryId: string) {
  return useQuery(evaluationQueryOptions(categoryId));
}
