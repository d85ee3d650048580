import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SecondFactorCodeField } from '@/components/ui/second-factor-code-field';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

import { useMailSettings } from '../api/get-mail-settings';
import { useMfaStatus } from '../api/get-mfa-status';
import { useHandover, useOfferHandover, useWithdrawHandover } from '../api/operator-handover';

/** What the new operator takes on, said above the form. */
export const WHAT_THE_OPERATOR_DOES =
  'The operator runs this Litstack for every firm on it: imports demo bookings, keeps the vendor catalog, takes backups, sets up mail and verifies firms.';

/** How the hand-over goes, said above the form: "by email" only while this install sends mail. */
export const howHandoverGoes = (mail: boolean) =>
  `Enter the email of an account of any firm here. They are told under the bell${mail ? ' and by email' : ''}, and accept or decline on their Profile page within 7 days. Until they accept, you stay the operator; once they do, you no longer are, and your firm can then be deleted.`;

/**
 * The operator's "Hand over the operator role": one offer at a time, to an account by its email,
 * confirmed with the operator's code when they have two-step sign-in on. While an offer is pending
 * the section shows it, with "Withdraw the offer"; a new offer waits until it is withdrawn or ends.
 */
export function OperatorHandover() {
  const handover = useHandover();
  const mfa = useMfaStatus();
  const mail = useMailSettings();
  const offer = useOfferHandover();
  const withdraw = useWithdrawHandover();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [done, setDone] = useState('');
  if (handover.isPending || mfa.isPending) return <Spinner label="Loading..." size="sm" />;
  if (handover.isError)
    return <Alert>{getErrorMessage(handover.error, 'Could not load the offer of the operator role. Please try again.')}</Alert>;
  if (mfa.isError) return <Alert>{getErrorMessage(mfa.error, 'Could not load your sign-in settings. Please try again.')}</Alert>;

  const pending = handover.data.offer;
  if (pending) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          You offered the operator role to <strong className="font-semibold text-slate-900">{pending.toName}</strong> ({pending.toEmail},{' '}
          {pending.toFirm}) on {formatDate(pending.offeredAt)}. They can accept or decline on their Profile page until{' '}
          {formatDate(pending.expiresAt)}; until they accept, you stay the operator.
        </p>
        {withdraw.isError ? <Alert>{getErrorMessage(withdraw.error, 'Could not withdraw the offer. Please try again.')}</Alert> : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="text-sm text-slate-700">
            {done}
          </p>
          <Button
            variant="outline"
            className="ml-auto"
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate(pending.id, { onSuccess: () => setDone(`Offer to ${pending.toName} withdrawn.`) })}
          >
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw the offer'}
          </Button>
        </div>
      </div>
    );
  }

  const needsCode = mfa.data.enabled;
  const sending = offer.isPending;
  // A missing email or code goes to the server too: it says what it needs, in one place.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setDone('');
    offer.mutate(
      { email: email.trim(), code: needsCode ? code.trim() || null : null },
      {
        onSuccess: (made) => {
          setEmail('');
          setCode('');
          setDone(`Offered to ${made.toName}: they have until ${formatDate(made.expiresAt)} to answer.`);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{WHAT_THE_OPERATOR_DOES}</p>
      <p className="text-sm text-slate-700">{howHandoverGoes(mail.data?.enabled === true)}</p>
      {offer.isError ? <Alert>{getErrorMessage(offer.error, 'Could not offer the operator role. Please try again.')}</Alert> : null}
      <TextField
        className="sm:max-w-sm"
        label="Email of the new operator"
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={sending}
      />
      {needsCode ? (
        <SecondFactorCodeField
          className="sm:max-w-xs"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={sending}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-sm text-slate-700">
          {done}
        </p>
        <Button type="submit" disabled={sending} className="ml-auto">
          {sending ? 'Offering...' : 'Offer the operator role'}
        </Button>
      </div>
    </form>
  );
}
