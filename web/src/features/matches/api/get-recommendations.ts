import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { invalidatePicks } from './invalidate';
import type { ComputeResult } from './types';

export type Answer = { questionId: number; selectedValues: string[] };

export async function submitResponse(input: { categoryId: number; answers: Answer[] }): Promise<number> {
  try {
    const { responseId } = await api.post<{ responseId: number }>('/api/responses', input);
    return responseId;
  } catch (cause) {
    throw new Error('Failed to submit response', { cause });
  }
}

export async function computeRecommendations(input: { responseId: number; categoryId: number }): Promise<ComputeResult> {
  try {
    return await api.post<ComputeResult>('/api/recommendations/compute', input);
  } catch (cause) {
    throw new Error('Failed to compute recommendations', { cause });
  }
}

/** Submits the answers, then ranks the category's vendors for them (which saves the top 3). */
export function useGetRecommendations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { categoryId: number; answers: Answer[] }) => {
      const responseId = await submitResponse(input);
      return computeRecommendations({ responseId, categoryId: input.categoryId });
    },
    onSettled: () => invalidatePicks(client),
  });
}
