import { queryOptions, useQuery } from '@tanstack/react-query';

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

/** Only asked for when the person has one (a draft or a submitted scorecard). */
export function useScorecard(categoryId: string, vendorId: number, enabled: boolean) {
  return useQuery({ ...scorecardQueryOptions(categoryId, vendorId), enabled });
}
