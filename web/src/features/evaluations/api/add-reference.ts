import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { ReferenceCheck, ReferenceRequest } from '@/lib/api/types';

import { evaluationKey } from './get-evaluation';

/** Records a reference call for a vendor of the evaluation. */
export function addReference(categoryId: string, body: ReferenceRequest): Promise<ReferenceCheck> {
  return unwrap(client.POST('/api/evaluations/{categoryId}/references', { params: { path: { categoryId: Number(categoryId) } }, body }));
}

export function useAddReference(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferenceRequest) => addReference(categoryId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKey(categoryId) }),
  });
}
