import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toast } from '@/components/ui/use-toast';
import { client, getErrorMessage, unwrap } from '@/lib/api-client';
import type { DismissRequest, Dismissal } from '@/lib/api/types';
import { refreshAfterUndo, undoDismissal } from '@/lib/dismissals';
import { queryKeys } from '@/lib/query-keys';

import { invalidatePicks } from './invalidate';

export function dismissPick(input: DismissRequest): Promise<Dismissal> {
  return unwrap(client.POST('/api/recommendations/dismissed', { body: input }));
}

/** Hides a pick, with the user's reason: it is not recommended to this user again until undone. */
export function useDismissPick() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dismissPick,
    onSuccess: () => Promise.all([invalidatePicks(client), client.invalidateQueries({ queryKey: queryKeys.dismissed })]),
  });
}

/**
 * The dismiss toast's Undo: the server drops the dismissal and the stage shows the pick again in
 * its place. It outlives the card (gone once the picks refresh), so it hangs on no component:
 * the toast comes from the server's answer, and the picks refresh behind it.
 */
export function useUndoPickDismissal() {
  const client = useQueryClient();
  return (vendorId: number, name: string) =>
    undoDismissal(vendorId).then(
      () => {
        toast({ title: 'Dismissal undone', description: `${name} is back in your picks` });
        void refreshAfterUndo(client);
      },
      (error: unknown) =>
        toast({
          title: 'The dismissal could not be undone',
          description: getErrorMessage(error, 'Failed to undo the dismissal. Please try again.'),
          variant: 'destructive',
        }),
    );
}
