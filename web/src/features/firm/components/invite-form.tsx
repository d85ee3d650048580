import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { OneTimeLinkDialog } from '@/components/one-time-link-dialog';
import { getErrorMessage } from '@/lib/api-client';
import type { FirmRole, InvitationCreated } from '@/lib/api/types';
import { firmRoleInSentence } from '@/lib/firm-options';
import { isValidEmail } from '@/lib/validation';

import { useCreateInvitation } from '../api/create-invitation';
import { formatDay } from '../format';
import { invitableRoles } from '../member-actions';

/** Email and role in, a one-time invitation link out (shown once, to copy and send). */
export function InviteForm({ myRole, firmName }: { myRole: FirmRole | null; firmName: string }) {
  const roles = invitableRoles(myRole);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<FirmRole>('member');
  const [submitted, setSubmitted] = useState(false);
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const invite = useCreateInvitation();
  const emailError = submitted && !isValidEmail(email) ? 'Please enter a valid email address' : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isValidEmail(email)) return;
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setEmail('');
          setRole('member');
          setSubmitted(false);
        },
      },
    );
  };

  const invitation = created?.invitation;
  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="Invite a person" className="space-y-4">
        {invite.isError ? <Alert>{getErrorMessage(invite.error, 'Failed to create the invitation. Please try again.')}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            placeholder="colleague@yourfirm.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailError}
            disabled={invite.isPending}
          />
          <SelectField
            label="Role"
            options={roles}
            value={role}
            onChange={(event) => {
              const next = roles.find((option) => option.value === event.target.value);
              if (next) setRole(next.value);
            }}
            disabled={invite.isPending}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-500">Viewers read everything and change nothing; members use everything.</p>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Creating link...' : 'Create invitation link'}
          </Button>
        </div>
      </form>

      <OneTimeLinkDialog
        link={created?.link ?? null}
        onClose={() => setCreated(null)}
        title={invitation ? `Invitation for ${invitation.email}` : 'Invitation'}
        linkLabel="Invitation link"
      >
        {invitation ? (
          <>
            {created?.emailed ? <p className="font-medium text-emerald-800">We emailed the link to {invitation.email}.</p> : null}
            <p>
              {created?.emailed ? 'You can also copy it here' : 'Copy this link now'}: it is shown only once. It lets {invitation.email}{' '}
              join {firmName} as {firmRoleInSentence(invitation.role)}, works one time, and is valid for 7 days (until{' '}
              {formatDay(invitation.expiresAt)}).
            </p>
            {created?.emailed ? null : <p>Email delivery is not set up yet, so send the link to {invitation.email} yourself.</p>}
          </>
        ) : null}
      </OneTimeLinkDialog>
    </>
  );
}
