import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useShortlistMutations } from '@/lib/shortlist';

/**
 * Takes a vendor off the shortlist and says so in a toast with Undo. The server keeps the removed
 * entry (note, status history, outcome, reasons), so Undo asks it to put that back; nothing of
 * the entry is sent. Shared by the /shortlist card's Remove and the vendor cards' toggle.
 */
export function useRemoveFromShortlist() {
  const { remove, restore } = useShortlistMutations();

  // Through the promise, not `mutate`'s callbacks: the card that removed the entry has left the
  // page by the time Undo is pressed, and callbacks of an unmounted caller are never called.
  const undo = (vendorId: number, vendorName: string) =>
    restore.mutateAsync(vendorId).then(
      () =>
        toast({ title: `${vendorName} is back on your shortlist`, description: 'Its note, status history and outcome are as they were.' }),
      (error: unknown) =>
        toast({
          title: `${vendorName} could not be put back`,
          description: getErrorMessage(error, 'Failed to restore the shortlist entry. Please try again.'),
          variant: 'destructive',
        }),
    );

  /** Removes; resolves once the server has, after showing the toast with Undo. */
  const removeWithUndo = async (vendorId: number, vendorName: string): Promise<void> => {
    await remove.mutateAsync(vendorId);
    toast({
      title: `${vendorName} is off your shortlist`,
      description: 'Its note, status history and outcome went with it.',
      action: {
        label: 'Undo',
        altText: `Undo: put ${vendorName} back on the shortlist. Press F8 to reach this button.`,
        onAction: () => void undo(vendorId, vendorName),
      },
    });
  };

  return { removeWithUndo, pending: remove.isPending || restore.isPending, removal: remove };
}
