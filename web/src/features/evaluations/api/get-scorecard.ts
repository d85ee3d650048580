import { queryOptions, useQueries } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Scorecard } from '@/lib/api/types';

/** The signed-in person's own scorecard for a vendor of the evaluation. */
export function getScorecard(categoryId: string, vendorId: number): Promise<Scorecard> {
  return unwrap(
    client.GET('/api/evaluations/{categoryId}/scorecards/{vendorId}', {
      params: { path: { categoryId: Number(categoryId), vendorId } },
    }),
  );
}

export const scorecardQueryOptions = (categoryId: string, vendorId: number) =>
  queryOptions({ queryKey: ['evaluations', categoryId, 'scorecards', vendorId], queryFn: () => getScorecard(categoryId, vendorId) });

/** The person's scorecards for these vendors, in their order: pass only vendors they have one for (a draft or a submitted one). */
export function useScorecards(categoryId: string, vendorIds: number[]) {
  return useQueries({ queries: vendorIds.map((id) => scorecardQueryOptions(categoryId, id)) });
}
