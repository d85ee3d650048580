import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { DecisionDraft } from '@/lib/api/types';

/** What the proposal form starts from: the best-scored vendors and reasons written from the scores. */
export function getDraft(categoryId: number, signal?: AbortSignal): Promise<DecisionDraft> {
  return unwrap(client.GET('/api/decisions/draft', { params: { query: { categoryId: String(categoryId) } }, signal }));
}

export function useDraft(categoryId: number | null) {
  return useQuery({
    queryKey: ['decisions', 'draft', categoryId],
    queryFn: ({ signal }) => getDraft(categoryId ?? 0, signal),
    enabled: categoryId !== null,
    staleTime: 0,
  });
}
