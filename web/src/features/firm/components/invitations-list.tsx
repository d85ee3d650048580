import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useInvitations } from '../api/get-invitations';
import { InvitationRow } from './invitation-row';

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
