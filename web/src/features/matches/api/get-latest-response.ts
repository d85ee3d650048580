import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { LatestResponse } from '@/lib/api/types';

/** Under the questionnaire's own prefix, so a new submission refreshes it. */
export const latestResponseQueryKey = (categoryId: number) => ['responses', 'latest', categoryId] as const;

export function getLatestResponse(categoryId: number): Promise<LatestResponse> {
  return unwrap(client.GET('/api/responses/latest/{category_id}', { params: { path: { category_id: categoryId } } }));
}

/** The firm's latest answers to a category's questionnaire, which a reopened questionnaire shows. */
export function useLatestResponse(categoryId: number) {
  return useQuery({ queryKey: latestResponseQueryKey(categoryId), queryFn: () => getLatestResponse(categoryId) });
}
