import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { TotpSetup } from '@/lib/api/types';
import { saveBlob } from '@/lib/download';

import { useConfirmTotp } from '../api/confirm-totp';
import { useDisableTotp } from '../api/disable-totp';
import { useMfaStatus } from '../api/get-mfa-status';
import { useSetupTotp } from '../api/setup-totp';

/**
 * "Two-step sign-in": set up an authenticator app (the server's QR code and the key, then a first
 * code), the ten recovery codes shown once, and turning it off with a current code. `onSaved`
 * runs when the person says they saved the recovery codes of a factor just turned on.
 */
export function TwoStepSection({ onSaved }: { onSaved?: () => void } = {}) {
  const status = useMfaStatus();
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    const done = () => {
      setCodes(null);
      onSaved?.();
    };
    return <RecoveryCodesShown codes={codes} onDone={done} />;
  }
  if (status.isPending) return <Spinner label="Loading..." />;
  if (status.isError) return <Alert>{getErrorMessage(status.error, 'Failed to load two-step sign-in.')}</Alert>;
  if (status.data.enabled) return <TurnOff left={status.data.recoveryCodesLeft} />;
  return <SetUp onConfirmed={setCodes} />;
}

function SetUp({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const setup = useSetupTotp();
  const [pending, setPending] = useState<TotpSetup | null>(null);

  if (!pending) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Two-step sign-in is off. With it on, signing in also asks for a code from an authenticator app on your phone, so a stolen password
          alone cannot open your account.
        </p>
        {setup.isError ? <Alert>{getErrorMessage(setup.error, 'Could not start the setup.')}</Alert> : null}
        <Button onClick={() => setup.mutate(undefined, { onSuccess: setPending })} disabled={setup.isPending}>
          {setup.isPending ? 'Starting...' : 'Set up two-step sign-in'}
        </Button>
      </div>
    );
  }
  return <ConfirmSetup setup={pending} onCancel={() => setPending(null)} onConfirmed={onConfirmed} />;
}

function ConfirmSetup({
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

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Litstack recovery codes. Each works once, in place of a code from your app.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'The recovery codes are on your clipboard.' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy. Select the codes and copy them instead.', variant: 'destructive' });
    }
  };
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm font-medium text-green-800">
        Two-step sign-in is on.
      </p>
      <p className="text-sm text-slate-700">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ol aria-label="Recovery codes" className="grid gap-1 font-mono text-sm text-slate-900 sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outline" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'litstack-recovery-codes.txt')}>
          Download .txt
        </Button>
        <Button onClick={onDone}>I saved them</Button>
      </div>
    </div>
  );
}

function TurnOff({ left }: { left: number }) {
  const [code, setCode] = useState('');
  const disable = useDisableTotp({
    onSuccess: () => toast({ title: 'Two-step sign-in is off', description: 'Signing in now asks only for your password.' }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return;
    disable.mutate({ code: code.trim() });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        Two-step sign-in is on. {left === 1 ? '1 recovery code is' : `${left} recovery codes are`} left.
      </p>
      {disable.isError ? <Alert>{getErrorMessage(disable.error, 'Could not turn it off.')}</Alert> : null}
      <TextField
        label="Current code (or a recovery code)"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        disabled={disable.isPending}
        className="max-w-xs"
      />
      <Button type="submit" variant="destructive" disabled={disable.isPending || code.trim() === ''}>
        {disable.isPending ? 'Turning off...' : 'Turn off two-step sign-in'}
      </Button>
    </form>
  );
}
