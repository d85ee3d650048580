import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Evaluation } from '@/lib/api/types';

import { evaluationKey } from './get-evaluation';

/** Deletes a reference call of the latest round (its author, an owner or an admin; 204). */
export function deleteReference(categoryId: string, id: number): Promise<void> {
  return unwrap(
    client.DELETE('/api/evaluations/{categoryId}/references/{id}', { params: { path: { categoryId: Number(categoryId), id } } }),
  );
}

export function useDeleteReference(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteReference(categoryId, id),
    // The 204 confirms it: the call leaves the screen at once; the evaluation is read again behind.
    onSuccess: (_, id) => {
      queryClient.setQueryData<Evaluation>(evaluationKey(categoryId), (old) =>
        old ? { ...old, vendors: old.vendors.map((v) => ({ ...v, references: v.references.filter((r) => r.id !== id) })) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: evaluationKey(categoryId), exact: true });
    },
  });
}
