import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { SecondFactorCodeField } from '@/components/ui/second-factor-code-field';
import { getErrorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

import { useExportFirm } from '../api/export-firm';
import { useMfaStatus } from '../api/get-mfa-status';

export const WHAT_IS_EXPORTED =
  'Download everything your firm holds here in one file: members, tech stack, contracts, shortlist, evaluations, decisions, saved views, audit log and recommendations, with a README and spreadsheets to read them by. Passwords and sign-in secrets are never in it.';

/**
 * The owner's "Export firm data": one zip of everything the firm holds, saved under the server's
 * file name. With two-step sign-in on, the owner gives a current code (or a recovery code) first;
 * the server says what is wrong with it.
 */
export function FirmExport() {
  const mfa = useMfaStatus();
  const archive = useExportFirm();
  const [code, setCode] = useState('');
  const [downloaded, setDownloaded] = useState('');
  if (mfa.isPending) return <Spinner label="Loading..." size="sm" />;
  if (mfa.isError) return <Alert>{getErrorMessage(mfa.error, 'Could not load your sign-in settings. Please try again.')}</Alert>;
  const needsCode = mfa.data.enabled;
  const pending = archive.isPending;

  // A missing code goes to the server too: it says what it needs, in one place.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDownloaded('');
    archive.mutate(
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
      {archive.isError ? <Alert>{getErrorMessage(archive.error, 'Could not export your firm’s data. Please try again.')}</Alert> : null}
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
          {pending ? 'Exporting...' : 'Export firm data'}
        </Button>
      </div>
    </form>
  );
}
