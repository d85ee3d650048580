import { useId, useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { MailSettings } from '@/lib/api/types';

import { useTurnMailOff } from '../api/turn-mail-off';
import { useUpdateMailSettings } from '../api/update-mail-settings';
import { checkMailForm, formValuesOf, mailSettingsChange, type MailFormValues } from '../mail';
import { MailStatus } from './mail-status';

export function MailSettingsForm({ saved }: { saved: MailSettings }) {
  const plainHintId = useId();
  const [values, setValues] = useState<MailFormValues>(() => formValuesOf(saved));
  const [submitted, setSubmitted] = useState(false);
  const [askingOff, setAskingOff] = useState(false);
  const update = useUpdateMailSettings();
  const turnOff = useTurnMailOff();
  const errors = submitted ? checkMailForm(values) : {};
  const pending = update.isPending;
  const set = (field: 'smtpUrl' | 'password' | 'from') => (event: { target: { value: string } }) => {
    update.reset();
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(checkMailForm(values)).length > 0) return;
    update.mutate(mailSettingsChange(values), {
      onSuccess: (next) => {
        setValues(formValuesOf(next));
        setSubmitted(false);
      },
    });
  };

  const closeOff = () => {
    setAskingOff(false);
    turnOff.reset();
  };

  return (
    <div className="space-y-4">
      <MailStatus saved={saved} />
      <form onSubmit={onSubmit} noValidate aria-label="Mail server settings" className="space-y-4">
        {update.isError ? <Alert>{getErrorMessage(update.error, 'The mail settings could not be saved. Please try again.')}</Alert> : null}
        <TextField
          label="SMTP address"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="smtp://user@mail.yourfirm.com:587"
          hint="smtp://user@host:587 uses STARTTLS; smtps://user@host:465 uses TLS from the first byte."
          value={values.smtpUrl}
          onChange={set('smtpUrl')}
          error={errors.smtpUrl}
          disabled={pending}
        />
        <TextField
          label="SMTP password"
          type="password"
          autoComplete="new-password"
          hint={
            saved.hasPassword
              ? 'A password is saved: leave empty to keep the saved one.'
              : 'Leave empty if the mail server needs none. It is never shown again once saved.'
          }
          value={values.password}
          onChange={set('password')}
          disabled={pending}
        />
        <TextField
          label="From address"
          autoComplete="off"
          spellCheck={false}
          placeholder="Litstack <litstack@yourfirm.com>"
          hint="The sender people see on every message."
          value={values.from}
          onChange={set('from')}
          error={errors.from}
          disabled={pending}
        />
        <label className="flex items-start gap-2.5 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={values.allowPlain}
            onChange={(event) => {
              const allowPlain = event.target.checked;
              update.reset();
              setValues((current) => ({ ...current, allowPlain }));
            }}
            disabled={pending}
            aria-describedby={plainHintId}
            className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-indigo-600"
          />
          <span>
            <span className="block font-medium text-slate-800">Allow plain SMTP to another machine</span>
            <span id={plainHintId} className="block text-slate-600">
              Without it, an smtp:// server on another machine must offer STARTTLS. Plain SMTP sends the password and every message
              unencrypted across the network.
            </span>
          </span>
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save'}
          </Button>
          {saved.enabled ? (
            <Button variant="outline" className="text-red-700 hover:bg-red-50" onClick={() => setAskingOff(true)} disabled={pending}>
              Turn mail off
            </Button>
          ) : null}
          <p className="text-sm text-slate-600" aria-live="polite">
            {update.isSuccess ? 'Saved: mail is on.' : null}
          </p>
        </div>
      </form>

      <ConfirmDialog
        open={askingOff}
        onOpenChange={(open) => (open ? setAskingOff(true) : closeOff())}
        title="Turn mail off?"
        confirmLabel="Turn mail off"
        pendingLabel="Turning off..."
        destructive
        pending={turnOff.isPending}
        error={turnOff.isError ? getErrorMessage(turnOff.error, 'Mail could not be turned off. Please try again.') : null}
        onConfirm={() =>
          turnOff.mutate(undefined, {
            onSuccess: () => {
              closeOff();
              update.reset();
              setValues((current) => ({ ...current, password: '' }));
              toast({ title: 'Mail is off', description: 'Messages wait in the outbox until a mail server is set.' });
            },
          })
        }
      >
        <p>
          Litstack forgets the mail server and its password. Nothing is sent until a server is saved again: new messages wait in the outbox,
          and invitation and reset links are shown to whoever makes them.
        </p>
      </ConfirmDialog>
    </div>
  );
}
