import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import type { TotpSetup } from '@/lib/api/types';

import { useConfirmTotp } from '../api/confirm-totp';

/** The QR code and key of a new authenticator, and the code that confirms it. */
export function TwoStepConfirm({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TotpSetup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const confirm = useConfirmTotp();
  // The server's own SVG, shown as an image (never put into the page as markup).
  const qrSrc = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return;
    confirm.mutate({ code: code.trim() }, { onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes) });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, ...).</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img src={qrSrc} alt="QR code for your authenticator app" width={200} height={200} className="rounded-lg ring-1 ring-slate-200" />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-slate-700">Key</p>
          <code data-testid="totp-secret" className="block rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">
            {setup.secret}
          </code>
        </div>
      </div>
      {confirm.isError ? <Alert>{getErrorMessage(confirm.error, 'The code was not accepted.')}</Alert> : null}
      <TextField
        label="Code from the app"
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        disabled={confirm.isPending}
        className="max-w-xs"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending || code.trim() === ''}>
          {confirm.isPending ? 'Checking...' : 'Turn on'}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={confirm.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
