import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { SecondFactorCodeField } from '@/components/ui/second-factor-code-field';
import { getErrorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';

import { useFirmDeletion } from '../api/get-firm-deletion';
import { useMfaStatus } from '../api/get-mfa-status';
import { useScheduleFirmDeletion } from '../api/schedule-firm-deletion';
import { formatDay } from '../format';

/** What "Delete the firm" does, said above its button. */
export const WHAT_DELETION_DOES =
  'Deleting the firm removes every member’s account and everything the firm holds here. It runs on the day shown when you ask, and until then any owner can keep the firm.';

/** Why the firm cannot be deleted while the install's operator is one of its members, and the way there (an owner who is not the operator). */
export const OPERATORS_FIRM_WAY =
  'This firm holds the install’s operator, and Litstack cannot run without one, so it cannot be deleted here. The operator can hand the role to an account of another firm first (on the install’s Firms page); or, to remove everything, remove the install itself: “Removing the install” in docs/security.md says how.';

/** The same for the operator themself: the hand-over on /admin/firms is the way to deletion. */
export const HAND_OVER_FIRST =
  'You run this Litstack, and it cannot run without an operator, so your firm cannot be deleted while you are one of its members. Hand the operator role to an account of another firm first; once they accept, you can delete the firm here.';

/** Where the operator hands the role over. */
export const HAND_OVER_PATH = '/admin/firms#hand-over';

/**
 * The owner's "Delete the firm": a dialog that says what goes and asks (with a current code, when
 * the owner has two-step sign-in on) before the server schedules it; once scheduled, the day it
 * runs. Taking it back is the notice's "Keep the firm", at the top of the page.
 */
export function DeleteFirm({ firmName }: { firmName: string }) {
  const deletion = useFirmDeletion();
  const mfa = useMfaStatus();
  const schedule = useScheduleFirmDeletion();
  const isOperator = useUser().data?.isAdmin === true;
  const [asking, setAsking] = useState(false);
  const [code, setCode] = useState('');
  if (deletion.isPending || mfa.isPending) return <Spinner label="Loading..." size="sm" />;
  if (deletion.isError)
    return <Alert>{getErrorMessage(deletion.error, 'Could not load whether the firm is to be deleted. Please try again.')}</Alert>;
  if (mfa.isError) return <Alert>{getErrorMessage(mfa.error, 'Could not load your sign-in settings. Please try again.')}</Alert>;

  if (deletion.data.scheduled) {
    return (
      <p className="text-sm text-slate-700">
        Scheduled: the firm will be deleted on {formatDay(deletion.data.dueAt ?? '')}. Until then, “Keep the firm” at the top of this page
        takes it back.
      </p>
    );
  }

  // Offered only when the server would accept it (its answer says, from the check its POST makes).
  if (!deletion.data.canSchedule) {
    if (!isOperator) return <p className="text-sm text-slate-700">{OPERATORS_FIRM_WAY}</p>;
    return (
      <div className="space-y-3 text-sm text-slate-700">
        <p>{HAND_OVER_FIRST}</p>
        <p>
          <Link href={HAND_OVER_PATH} className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-600">
            Hand over the operator role
          </Link>{' '}
          on the Firms page. To remove everything instead, remove the install: “Removing the install” in docs/security.md says how.
        </p>
      </div>
    );
  }

  const needsCode = mfa.data.enabled;
  const pending = schedule.isPending;
  const close = () => {
    setAsking(false);
    setCode('');
    schedule.reset();
  };
  // A missing code goes to the server too: it says what it needs, in one place.
  const submit = () => {
    if (pending) return;
    schedule.mutate({ code: needsCode ? code.trim() || null : null }, { onSuccess: close });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <div className="flex justify-end">
      <Button variant="outline" className="text-red-700 hover:bg-red-50" onClick={() => setAsking(true)}>
        <Icon name="trash" className="h-4 w-4" />
        Delete firm...
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (open ? setAsking(true) : close())}
        title={`Delete ${firmName}?`}
        confirmLabel="Schedule deletion"
        pendingLabel="Scheduling..."
        destructive
        pending={pending}
        error={schedule.isError ? getErrorMessage(schedule.error, 'Could not schedule the firm’s deletion. Please try again.') : null}
        onConfirm={submit}
      >
        <p>
          Every member’s account goes, and with it everything {firmName} holds here: the tech stack, contracts, shortlist, evaluations,
          decisions, saved views, audit log and recommendations. Members are signed out for good. To keep a copy, export the firm’s data
          first.
        </p>
        <p>
          It does not happen now: the deletion runs after this Litstack’s waiting period, on the day shown once you schedule it. Until that
          day any owner can keep the firm, and nothing is lost.
        </p>
        {needsCode ? (
          // Enter in the field schedules too, as the dialog's button does.
          <form onSubmit={onSubmit} noValidate>
            <SecondFactorCodeField
              className="sm:max-w-xs"
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
              disabled={pending}
            />
          </form>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
