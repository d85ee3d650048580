import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Evaluation, ReferenceCheck, ReferenceRequest } from '@/lib/api/types';

import { evaluationKey } from './get-evaluation';

/** Records a reference call for a vendor of the evaluation. */
export function addReference(categoryId: string, body: ReferenceRequest): Promise<ReferenceCheck> {
  return unwrap(client.POST('/api/evaluations/{categoryId}/references', { params: { path: { categoryId: Number(categoryId) } }, body }));
}

export function useAddReference(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReferenceRequest) => addReference(categoryId, body),
    // The answer is the recorded call: shown at once (by date of the call, newest first, as the
    // server lists them),
    // the evaluation read again in the background.
    onSuccess: (added) => {
      queryClient.setQueryData<Evaluation>(evaluationKey(categoryId), (old) =>
        old
          ? {
              ...old,
              vendors: old.vendors.map((v) =>
                v.vendorId === added.vendorId ? { ...v, references: [added, ...v.references].sort(newestFirst) } : v,
              ),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: evaluationKey(categoryId), exact: true });
    },
  });
}

/** The server's order: the latest call first, then the latest recorded. */
function newestFirst(a: ReferenceCheck, b: ReferenceCheck): number {
  return b.date.localeCompare(a.date) || b.id - a.id;
}
