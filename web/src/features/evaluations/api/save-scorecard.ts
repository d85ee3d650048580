import { useMutation } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Scorecard, ScorecardRequest } from '@/lib/api/types';

/** Saves the signed-in person's scorecard for a vendor (a draft, or a revision once submitted). */
export function saveScorecard(categoryId: string, vendorId: number, body: ScorecardRequest): Promise<Scorecard> {
  return unwrap(
    client.PUT('/api/evaluations/{categoryId}/scorecards/{vendorId}', {
      params: { path: { categoryId: Number(categoryId), vendorId } },
      body,
    }),
  );
}

export function useSaveScorecard(categoryId: string, vendorId: number) {
  return useMutation({ mutationFn: (body: ScorecardRequest) => saveScorecard(categoryId, vendorId, body) });
}
