import { useState, type FormEvent, type ReactNode } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SecondFactorCodeField } from '@/components/ui/second-factor-code-field';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useScrollHereOnArrival } from '@/lib/use-scroll-here-on-arrival';

import { useMfaStatus } from '../api/get-mfa-status';
import { useAcceptOperatorOffer, useDeclineOperatorOffer, useOperatorOffer } from '../api/operator-offer';

import { SettingsSection } from './settings-section';

export const ANCHOR = 'operator-role';

/** What the new operator takes on, as the offer says it. */
export const OPERATOR_DUTIES =
  'The operator runs this Litstack for every firm on it: imports demo bookings, keeps the vendor catalog, takes backups, sets up mail and verifies firms.';

/**
 * "The install's operator role", on Profile only while the operator role is offered to the
 * signed-in account (the notice under the bell links here): who offers it, until when, and Accept
 * (with a current code when the account has two-step sign-in on) or Decline. After an answer it
 * says what happened until the page is left.
 */
export function OperatorOfferSection() {
  const offer = useOperatorOffer();
  const mfa = useMfaStatus();
  const accept = useAcceptOperatorOffer();
  const decline = useDeclineOperatorOffer();
  const [code, setCode] = useState('');
  const [answered, setAnswered] = useState('');
  const current = offer.data?.offer ?? null;
  useScrollHereOnArrival(ANCHOR, Boolean(current) && !mfa.isPending);
  if (!current && !answered) return null;

  const section = (body: ReactNode) => (
    <div id={ANCHOR} className="scroll-mt-20">
      <SettingsSection
        id="operator-offer"
        icon="lock"
        title="The install’s operator role"
        description={current ? 'Offered to you: accept or decline it here.' : 'Your answer to the offer.'}
      >
        {body}
      </SettingsSection>
    </div>
  );
  if (!current) {
    return section(
      <p role="status" className="text-sm text-slate-700">
        {answered}
      </p>,
    );
  }

  const needsCode = mfa.data?.enabled === true;
  const busy = accept.isPending || decline.isPending;
  const error = accept.isError ? accept.error : decline.isError ? decline.error : null;
  // A missing code goes to the server too: it says what it needs, in one place.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    accept.mutate(
      { offerId: current.id, code: needsCode ? code.trim() || null : null },
      { onSuccess: () => setAnswered('You accepted: you run this Litstack now. Its pages are under This install in the menu.') },
    );
  };
  const onDecline = () =>
    decline.mutate(current.id, { onSuccess: () => setAnswered(`You declined: ${current.fromName} still runs this Litstack.`) });

  return section(
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        <strong className="font-semibold text-slate-900">{current.fromName}</strong> ({current.fromEmail}) offers you the install’s operator
        role, until {formatDate(current.expiresAt)}. {OPERATOR_DUTIES} If you accept, you take it over at once and {current.fromName} no
        longer has it; your role in your firm stays as it is.
      </p>
      {error ? <Alert>{getErrorMessage(error, 'Could not answer the offer. Please try again.')}</Alert> : null}
      {needsCode ? (
        <SecondFactorCodeField
          className="sm:max-w-xs"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={busy}
        />
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="outline" disabled={busy} onClick={onDecline}>
          {decline.isPending ? 'Declining...' : 'Decline'}
        </Button>
        <Button type="submit" disabled={busy}>
          {accept.isPending ? 'Accepting...' : 'Accept the operator role'}
        </Button>
      </div>
    </form>,
  );
}
