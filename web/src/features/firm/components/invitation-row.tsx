import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { Invitation } from '@/lib/api/types';
import { firmRoleOptions } from '@/lib/firm-options';
import { labelOf } from '@/lib/options';

import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatDay } from '../format';

/** An open invitation: who, as what, by whom, until when; and Revoke, asked first. */
export function InvitationRow({ invitation }: { invitation: Invitation }) {
  const [asking, setAsking] = useState(false);
  const revoke = useRevokeInvitation();
  const close = () => {
    setAsking(false);
    revoke.reset();
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-900">{invitation.email}</p>
        <p className="text-sm text-slate-600">
          {labelOf(firmRoleOptions, invitation.role)} · invited by {invitation.invitedBy} · expires {formatDay(invitation.expiresAt)}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
        Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (open ? setAsking(true) : close())}
        title={`Revoke the invitation of ${invitation.email}?`}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        destructive
        pending={revoke.isPending}
        error={revoke.isError ? getErrorMessage(revoke.error, 'Failed to revoke the invitation. Please try again.') : null}
        onConfirm={() =>
          revoke.mutate(invitation.id, {
            onSuccess: () => {
              close();
              toast({ title: 'Invitation revoked', description: `The link sent to ${invitation.email} no longer works.` });
            },
          })
        }
      >
        <p>The link stops working at once. You can invite {invitation.email} again later.</p>
      </ConfirmDialog>
    </li>
  );
}
