import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';

import type { WaitingVendorInvitation } from '../api/get-vendor-invitations';
import { useRevokeVendorInvitation } from '../api/revoke-vendor-invitation';

/** "Revoke the invitation to {email}?": mounted while open. */
export function VendorAccountsRevokeDialog({ invitation, onClose }: { invitation: WaitingVendorInvitation; onClose: () => void }) {
  const revoke = useRevokeVendorInvitation();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Revoke the invitation to ${invitation.email}?`}
      confirmLabel="Revoke invitation"
      pendingLabel="Revoking..."
      pending={revoke.isPending}
      destructive
      error={revoke.isError ? getErrorMessage(revoke.error, 'The invitation could not be revoked. Please try again.') : null}
      onConfirm={() =>
        revoke.mutate(invitation.id, {
          onSuccess: () => {
            toast({ title: 'Invitation revoked', description: `The link sent to ${invitation.email} no longer works.` });
            onClose();
          },
        })
      }
    >
      <p>
        The link sent to {invitation.email} to keep {invitation.vendorName}’s listing stops working at once. To give them access after all,
        invite them again.
      </p>
    </ConfirmDialog>
  );
}
