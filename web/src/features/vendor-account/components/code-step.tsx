import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

type CodeStepProps = {
  pending: boolean;
  /** The server's refusal of the last code, if any. */
  error: string | null;
  onCode: (code: string) => void;
  /** Switching between the app's code and a recovery code: the last refusal no longer applies. */
  onSwitch: () => void;
  onStartOver: () => void;
};

/**
 * The second step of a vendor's sign-in: one field for the 6-digit code the authenticator app
 * shows, or (after "Use a recovery code instead") one of the recovery codes, as a firm's sign-in
 * asks.
 */
export function CodeStep({ pending, error, onCode, onSwitch, onStartOver }: CodeStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    setMissing(typed === '');
    if (typed !== '') onCode(typed);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="vendor-code-title">
      <h2 id="vendor-code-title" className="text-base font-semibold text-slate-900">
        {recovery ? 'Sign in with a recovery code' : 'Code from your authenticator app'}
      </h2>
      <p className="text-sm text-slate-600">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows for Litstack.'}
      </p>
      {error ? <Alert>{error}</Alert> : null}
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
          disabled={pending}
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setMissing(false);
            onSwitch();
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
