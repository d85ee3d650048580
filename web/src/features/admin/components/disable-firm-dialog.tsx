import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { AdminFirm } from '@/lib/api/types';
import { countOf } from '@/lib/format';

import { useUpdateAdminFirm } from '../api/update-admin-firm';

/** Asks before disabling a firm, saying what it does; a refusal (409 for one's own firm) stays in view. */
export function DisableFirmDialog({ firm, onClose }: { firm: AdminFirm; onClose: () => void }) {
  const update = useUpdateAdminFirm();
  const disable = () =>
    update.mutate(
      { id: firm.id, update: { disabled: true } },
      {
        onSuccess: () => {
          toast({ title: `${firm.name} is disabled`, description: 'Its members cannot sign in until you enable it.' });
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Disable ${firm.name}?`}
      description={`Its ${countOf(firm.members, 'member')} cannot sign in until you enable it again; anyone signed in is signed out at their next step. Its data is kept.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={disable} disabled={update.isPending}>
            {update.isPending ? 'Disabling...' : 'Disable firm'}
          </Button>
        </>
      }
    >
      {update.error ? (
        <Alert>{getErrorMessage(update.error, 'The firm could not be disabled. Please try again.')}</Alert>
      ) : (
        <p className="text-sm text-slate-700">You can enable it again at any time from this screen.</p>
      )}
    </Modal>
  );
}
