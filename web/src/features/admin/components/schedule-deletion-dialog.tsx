import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { AdminFirm } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

import { useScheduleAdminFirmDeletion } from '../api/schedule-admin-firm-deletion';

/**
 * Asks before scheduling a firm's deletion, saying what goes and that it can be kept until then;
 * the server's refusal (the operator's own firm: 409) stays in the dialog.
 */
export function ScheduleDeletionDialog({ firm, onClose }: { firm: AdminFirm; onClose: () => void }) {
  const schedule = useScheduleAdminFirmDeletion();
  const submit = () => {
    if (schedule.isPending) return;
    schedule.mutate(firm.id, {
      onSuccess: (answer) => {
        toast({ title: `${firm.name} will be deleted on ${formatDate(answer.dueAt)}`, description: 'You can keep it until then.' });
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Schedule the deletion of ${firm.name}?`}
      confirmLabel="Schedule deletion"
      pendingLabel="Scheduling..."
      destructive
      pending={schedule.isPending}
      error={schedule.isError ? getErrorMessage(schedule.error, 'Could not schedule the firm’s deletion. Please try again.') : null}
      onConfirm={submit}
    >
      <p>
        {firm.name} and every member’s account will be removed, with everything the firm holds here, after this install’s waiting period.
        Until then you or an owner of the firm can keep it.
      </p>
    </ConfirmDialog>
  );
}
