import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Scorecard, ScoreInput } from '@/lib/api/types';

import { evaluationKey, getEvaluation } from './get-evaluation';
import { scorecardQueryOptions } from './get-scorecard';

/** Saves the signed-in person's scorecard for a vendor (a draft, or a revision once submitted). */
export function saveScorecard(categoryId: string, vendorId: number, scores: ScoreInput[]): Promise<Scorecard> {
  return unwrap(
    client.PUT('/api/evaluations/{categoryId}/scorecards/{vendorId}', {
      params: { path: { categoryId: Number(categoryId), vendorId } },
      body: { scores },
    }),
  );
}

/** Submits the signed-in person's saved scorecard for a vendor. */
export function submitScorecard(categoryId: string, vendorId: number): Promise<Scorecard> {
  return unwrap(
    client.POST('/api/evaluations/{categoryId}/scorecards/{vendorId}/submit', {
      params: { path: { categoryId: Number(categoryId), vendorId } },
    }),
  );
}

/** Saves one vendor's column of the scoring grid, then submits it. */
export function useSubmitScorecard(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ vendorId, scores }: { vendorId: number; scores: ScoreInput[] }) => {
      await saveScorecard(categoryId, vendorId, scores);
      const card = await submitScorecard(categoryId, vendorId);
      // An older read still on its way must not land over the one below.
      await queryClient.cancelQueries({ queryKey: evaluationKey(categoryId), exact: true });
      // What a submission unlocks (everyone's scores, the weighted total) is the evaluation's to
      // say, by the visibility rule: read it once, straight after, and show it with the answer,
      // so the screen never says "Scores appear after you submit yours" once they are in.
      const evaluation = await getEvaluation(categoryId);
      return { vendorId, card, evaluation };
    },
    onSuccess: ({ vendorId, card, evaluation }) => {
      queryClient.setQueryData(evaluationKey(categoryId), evaluation);
      queryClient.setQueryData(scorecardQueryOptions(categoryId, vendorId).queryKey, card);
    },
  });
}
