import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';

import { useVerifyMfa } from '../api/verify-mfa';

/**
 * The second step of a sign-in: one field for the 6-digit code from the authenticator app, or
 * (after "Use a recovery code instead") one of the recovery codes.
 */
export function MfaCodeStep({ mfaToken, onSignedIn, onStartOver }: { mfaToken: string; onSignedIn: () => void; onStartOver: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const verify = useVerifyMfa({ onSuccess: onSignedIn });
  const pending = verify.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    setMissing(typed === '');
    if (typed === '') return;
    verify.mutate({ mfaToken, code: typed });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="mfa-step-title">
      <h2 id="mfa-step-title" className="text-base font-semibold text-slate-900">
        Two-step sign-in
      </h2>
      <p className="text-sm text-slate-600">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows for Litstack.'}
      </p>
      {verify.isError ? <Alert>{getErrorMessage(verify.error, 'The code was not accepted')}</Alert> : null}
      {recovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={missing ? 'Enter a recovery code' : undefined}
          disabled={pending}
          autoFocus
        />
      ) : (
        <TextField
          key="totp"
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={missing ? 'Enter the code from your app' : undefined}
          disabled={pending}
          autoFocus
        />
      )}
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Checking...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setMissing(false);
            verify.reset();
          }}
        >
          {recovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" className="font-medium text-slate-600 hover:text-slate-800 hover:underline" onClick={onStartOver}>
          Start over
        </button>
      </div>
    </form>
  );
}
