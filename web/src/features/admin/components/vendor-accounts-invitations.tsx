import { useId, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

import { useVendorInvitations, type WaitingVendorInvitation } from '../api/get-vendor-invitations';
import { VendorAccountsRevokeDialog } from './vendor-accounts-revoke-dialog';

/**
 * "Invitations waiting": the invitations not taken up yet (newest first), each with its listing and
 * the day its link stops working, and revocable. Nothing while there is none, or while it loads.
 */
export function VendorAccountsInvitations() {
  const headingId = useId();
  const invitations = useVendorInvitations();
  const [revoking, setRevoking] = useState<WaitingVendorInvitation | null>(null);
  const items = invitations.data ?? [];
  if (invitations.error) {
    return <Alert>{getErrorMessage(invitations.error, 'Failed to load the invitations waiting. Please try again.')}</Alert>;
  }
  return (
    <>
      {items.length > 0 ? (
        <section aria-labelledby={headingId} className="max-w-2xl space-y-3 border-t border-slate-100 pt-5">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            Invitations waiting
          </h3>
          <p className="text-sm text-slate-600">
            Sent and not taken up yet. A link is not shown again: revoke one sent to a wrong address.
          </p>
          <ul aria-labelledby={headingId} className="divide-y divide-slate-100 text-sm">
            {items.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{invitation.email}</p>
                  <p className="text-slate-600">
                    <span className="break-words">{invitation.vendorName}</span> · Expires{' '}
                    <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
                  </p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setRevoking(invitation)}>
                  Revoke<span className="sr-only"> the invitation to {invitation.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* Outside the list: a refusal stays readable when the invitation it names has left it. */}
      {revoking ? <VendorAccountsRevokeDialog key={revoking.id} invitation={revoking} onClose={() => setRevoking(null)} /> : null}
    </>
  );
}
