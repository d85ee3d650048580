import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

import { useConfirmAuthenticator } from '../api/confirm-authenticator';
import { useSetUpAuthenticator } from '../api/set-up-authenticator';
import { vendorErrorMessage } from '../api/vendor-call';
import type { TotpSetup } from '../types';

/**
 * No authenticator yet: start the setup, scan the QR code (or type the key), confirm with a code.
 * `onConfirmed` gets the ten recovery codes the server answers, to show once.
 */
export function AuthenticatorSetUp({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const setup = useSetUpAuthenticator();
  const [pending, setPending] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const confirm = useConfirmAuthenticator({ onSuccess: onConfirmed });

  if (!pending) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Off. With an authenticator app, signing in also asks for a code from your phone, so a password alone cannot open this account.
        </p>
        {setup.isError ? <Alert>{vendorErrorMessage(setup.error, 'Could not start the setup.')}</Alert> : null}
        <Button onClick={() => setup.mutate(undefined, { onSuccess: setPending })} disabled={setup.isPending}>
          {setup.isPending ? 'Starting...' : 'Set up an authenticator app'}
        </Button>
      </div>
    );
  }

  // The server's own SVG, shown as an image (never put into the page as markup).
  const qrSrc = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(pending.qrSvg)}`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') confirm.mutate(code.trim());
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Set up an authenticator app" className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app on your phone.</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <img src={qrSrc} alt="QR code for your authenticator app" width={180} height={180} className="rounded-lg ring-1 ring-slate-200" />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-medium text-slate-700">Key</p>
          <code
            data-testid="vendor-totp-secret"
            className="block rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900"
          >
            {pending.secret}
          </code>
        </div>
      </div>
      {confirm.isError ? <Alert>{vendorErrorMessage(confirm.error, 'The code was not accepted.')}</Alert> : null}
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
        <Button
          variant="outline"
          disabled={confirm.isPending}
          onClick={() => {
            setPending(null);
            setCode('');
            confirm.reset();
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
