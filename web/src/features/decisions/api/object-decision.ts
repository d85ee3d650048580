import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { DecisionVerdict, DecisionView } from '@/lib/api/types';

import { decisionsQueryKey } from './get-decisions';

/** Objects to the version of `versionHash`, saying why. */
export function objectDecision({ id, body }: { id: number; body: DecisionVerdict }): Promise<DecisionView> {
  return unwrap(client.POST('/api/decisions/{id}/object', { params: { path: { id } }, body }));
}

export function useObjectDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: objectDecision,
    onSettled: () => queryClient.invalidateQueries({ queryKey: decisionsQueryKey }),
  });
}
