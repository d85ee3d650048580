import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useFirmAccess } from '@/lib/auth';
import { useUndoDismissal } from '@/lib/dismissals';

/**
 * "Undo" for a dismissed vendor: brings it back into the user's rankings. One control for every
 * screen that shows a dismissal (/past, the vendor profile). Left out for a viewer.
 */
export function UndoDismissalButton(props: { vendorId: number; vendorName: string }) {
  const { canWrite } = useFirmAccess();
  return canWrite ? <UndoButton {...props} /> : null;
}

function UndoButton({ vendorId, vendorName }: { vendorId: number; vendorName: string }) {
  const { toast } = useToast();
  const undo = useUndoDismissal();
  const onUndo = () =>
    undo
      .mutateAsync(vendorId)
      .then(() => toast({ title: 'Dismissal undone', description: `${vendorName} can be recommended again` }))
      .catch((error: unknown) =>
        toast({ title: 'Error', description: getErrorMessage(error, 'Failed to undo the dismissal'), variant: 'destructive' }),
      );
  return (
    <Button variant="outline" size="sm" onClick={onUndo} disabled={undo.isPending} aria-label={`Undo dismissing ${vendorName}`}>
      {undo.isPending ? 'Undoing...' : 'Undo'}
    </Button>
  );
}
