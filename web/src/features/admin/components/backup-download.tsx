import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { SecondFactorCodeField } from '@/components/ui/second-factor-code-field';
import { getErrorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

import { useDownloadBackup } from '../api/download-backup';
import { useMfaStatus } from '../api/get-mfa-status';

export const WHAT_IS_BACKED_UP =
  'Download a copy of this Litstack’s whole database, made while it runs: every firm, account and setting, sign-in secrets included. Keep it as safe as the server itself.';

/**
 * The operator's "Download backup": one file of the whole database, saved under the server's file
 * name. With two-step sign-in on, the operator gives a current code (or a recovery code) first, as
 * an owner does for the firm's export; the server says what is wrong with it.
 */
export function BackupDownload() {
  const mfa = useMfaStatus();
  const backup = useDownloadBackup();
  const [code, setCode] = useState('');
  const [downloaded, setDownloaded] = useState('');
  if (mfa.isPending) return <Spinner label="Loading..." size="sm" />;
  if (mfa.isError) return <Alert>{getErrorMessage(mfa.error, 'Could not load your sign-in settings. Please try again.')}</Alert>;
  const needsCode = mfa.data.enabled;
  const pending = backup.isPending;

  // A missing code goes to the server too: it says what it needs, in one place.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDownloaded('');
    backup.mutate(
      { code: needsCode ? code.trim() || null : null },
      {
        onSuccess: ({ blob, fileName }) => {
          saveBlob(blob, fileName);
          setCode('');
          setDownloaded(`Downloaded ${fileName}.`);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{WHAT_IS_BACKED_UP}</p>
      {backup.isError ? <Alert>{getErrorMessage(backup.error, 'Could not download a backup. Please try again.')}</Alert> : null}
      {needsCode ? (
        <SecondFactorCodeField
          className="sm:max-w-xs"
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={pending}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-sm text-slate-700">
          {downloaded}
        </p>
        {/* On the right at every width, so the message appearing beside it never moves it. */}
        <Button type="submit" disabled={pending} className="ml-auto">
          <Icon name="download" className="h-4 w-4" />
          {pending ? 'Downloading...' : 'Download backup'}
        </Button>
      </div>
    </form>
  );
}
