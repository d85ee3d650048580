import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';

import { useDisableTotp } from '../api/disable-totp';

/** Two-step sign-in is on: turns it off with a current code. */
export function TwoStepTurnOff({ left }: { left: number }) {
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
