import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ComputeRequest, ComputeResult, ResponseCreated, ResponseRequest } from '@/lib/api/types';

import { invalidatePicks } from './invalidate';

export async function submitResponse(input: ResponseRequest): Promise<number> {
  try {
    const { responseId } = await api.post<ResponseCreated>('/api/responses', input);
    return responseId;
  } catch (cause) {
    throw new Error('Failed to submit response', { cause });
  }
}

export async function computeRecommendations(input: ComputeRequest): Promise<ComputeResult> {
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
    mutationFn: async (input: ResponseRequest) => {
      const responseId = await submitResponse(input);
      return computeRecommendations({ responseId, categoryId: input.categoryId });
    },
    onSettled: () => invalidatePicks(client),
  });
}
