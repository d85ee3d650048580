import { useId, useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { FeedSchedule, FeedStatus } from '@/lib/api/types';

import { usePullCatalogFeed } from '../api/pull-catalog-feed';
import { useUpdateCatalogFeed } from '../api/update-catalog-feed';
import { checkFeedForm, feedFormValuesOf, feedSubscriptionEdit, SCHEDULE_OPTIONS, type FeedFormValues } from '../catalog-feed';

/** Where the feed comes from, the publisher's key and the schedule; "Pull now" pulls from the saved source. */
export function CatalogFeedForm({ status }: { status: FeedStatus }) {
  const pullHintId = useId();
  const [values, setValues] = useState<FeedFormValues>(() => feedFormValuesOf(status));
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateCatalogFeed();
  const pull = usePullCatalogFeed();
  const followed = status.applied != null;
  const errors = submitted ? checkFeedForm(values, followed) : {};
  const busy = update.isPending || pull.isPending;
  const set = (field: keyof FeedFormValues) => (event: { target: { value: string } }) => {
    update.reset();
    setValues((current) => ({ ...current, [field]: event.target.value }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(checkFeedForm(values, followed)).length > 0) return;
    pull.reset();
    update.mutate(feedSubscriptionEdit(values), {
      onSuccess: (saved) => {
        setValues(feedFormValuesOf(saved));
        setSubmitted(false);
      },
    });
  };

  const pullNow = () => {
    update.reset();
    pull.mutate(undefined, {
      onSuccess: (report) => toast({ title: 'Catalog pulled', description: report.message }),
    });
  };

  // A refusal the server recorded shows as the last attempt (above, with its time): said once.
  const lastFailure = status.lastAttempt && !status.lastAttempt.ok ? status.lastAttempt.message : null;
  const pullError = pull.isError ? getErrorMessage(pull.error, 'The catalog could not be pulled. Please try again.') : null;
  const leftOut = pull.isSuccess ? pull.data.leftOut : [];

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Shared catalog settings" className="space-y-4">
      {update.isError ? <Alert>{getErrorMessage(update.error, 'The settings could not be saved. Please try again.')}</Alert> : null}
      <TextField
        label="Feed source"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://hub.example.com/api/catalog/feed"
        hint="The feed’s https:// address, or the full path of the file in Litstack’s data directory (starting with /)."
        value={values.source}
        onChange={set('source')}
        error={errors.source}
        disabled={busy}
      />
      <TextField
        label="Publisher’s public key"
        autoComplete="off"
        spellCheck={false}
        placeholder="ed25519:…"
        hint={
          <>
            Starts with <code className="font-mono">ed25519:</code>, as <code className="font-mono">litstack catalog keygen</code> printed
            it for the publisher.
          </>
        }
        value={values.publicKey}
        onChange={set('publicKey')}
        error={errors.publicKey}
        disabled={busy}
        className="[&_input]:font-mono"
      />
      <SelectField
        label="Pull automatically"
        options={SCHEDULE_OPTIONS}
        value={values.schedule}
        onChange={(event) => {
          const schedule = event.target.value as FeedSchedule;
          update.reset();
          setValues((current) => ({ ...current, schedule }));
        }}
        error={errors.schedule}
        disabled={busy}
        className="max-w-xs"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" onClick={pullNow} disabled={busy || !status.source} aria-describedby={pullHintId}>
          {pull.isPending ? 'Pulling...' : 'Pull now'}
        </Button>
        <p id={pullHintId} className="text-sm text-slate-600">
          {status.source ? 'Pulls from the saved source.' : 'Save a source to pull from it.'}
        </p>
        <p className="text-sm text-slate-600" aria-live="polite">
          {update.isSuccess ? 'Saved.' : null}
        </p>
      </div>
      {pullError && pullError !== lastFailure ? <Alert>{pullError}</Alert> : null}
      {leftOut.length > 0 ? (
        <div className="rounded-lg bg-slate-50 px-3.5 py-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900">Left out because a link failed the checks:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {leftOut.map((line) => (
              <li key={line} className="[overflow-wrap:anywhere]">
                {line}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  );
}
