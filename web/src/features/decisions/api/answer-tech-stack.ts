import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { DecisionView } from '@/lib/api/types';

import { decisionQueryKey } from './get-decision';

/** Answers "Replace <current> with <chosen> in your tech stack?" after a final decision. */
export function answerTechStack({ id, replace }: { id: number; replace: boolean }): Promise<DecisionView> {
  return unwrap(client.POST('/api/decisions/{id}/tech-stack', { params: { path: { id } }, body: { replace } }));
}

export function useAnswerTechStack(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTechStack,
    onSuccess: (decision) => queryClient.setQueryData(decisionQueryKey(id), decision),
  });
}
