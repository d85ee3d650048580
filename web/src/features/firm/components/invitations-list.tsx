import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { Invitation } from '@/lib/api/types';
import { firmRoleOptions } from '@/lib/firm-options';
import { labelOf } from '@/lib/options';

import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatDay } from '../format';

function InvitationRow({ invitation }: { invitation: Invitation }) {
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

/** Invitations not yet used, revoked or expired. */
export function InvitationsList() {
  const invitations = useInvitations({ enabled: true });
  if (invitations.isError) return <Alert>{getErrorMessage(invitations.error, 'Failed to load the invitations. Please try again.')}</Alert>;
  if (!invitations.data) return <Spinner size="sm" label="Loading invitations..." />;
  const items = invitations.data.items;
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Pending invitations</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">No invitation is waiting to be used.</p>
      ) : (
        <ul aria-label="Pending invitations" className="divide-y divide-slate-100">
          {items.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </div>
  );
}
