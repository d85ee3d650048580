import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { ComputeRequest, ComputeResult, ResponseRequest } from '@/lib/api/types';

import { latestResponseQueryKey } from './get-latest-response';
import { invalidatePicks } from './invalidate';

export async function submitResponse(input: ResponseRequest): Promise<number> {
  try {
    const { responseId } = await unwrap(client.POST('/api/responses', { body: input }));
    return responseId;
  } catch (cause) {
    throw new Error('Failed to submit response', { cause });
  }
}

export async function computeRecommendations(input: ComputeRequest): Promise<ComputeResult> {
  try {
    return await unwrap(client.POST('/api/recommendations/compute', { body: input }));
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
    onSettled: (_data, _error, input) =>
      Promise.all([invalidatePicks(client), client.invalidateQueries({ queryKey: latestResponseQueryKey(input.categoryId) })]),
  });
}
