import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

type CodeStepProps = {
  pending: boolean;
  /** The server's refusal of the last code, if any. */
  error: string | null;
  onCode: (code: string) => void;
  onStartOver: () => void;
};

/** The second step of a vendor's sign-in: the 6-digit code the authenticator app shows. */
export function CodeStep({ pending, error, onCode, onStartOver }: CodeStepProps) {
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
        Code from your authenticator app
      </h2>
      <p className="text-sm text-slate-600">Enter the 6-digit code your authenticator app shows for Litstack.</p>
      {error ? <Alert>{error}</Alert> : null}
      <TextField
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
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Checking...' : 'Verify'}
      </Button>
      <p className="text-sm">
        <button type="button" className="font-medium text-slate-600 hover:text-slate-800 hover:underline" onClick={onStartOver}>
          Start over
        </button>
      </p>
    </form>
  );
}
