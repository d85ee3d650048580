import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import type { TotpSetup } from '@/lib/api/types';

import { useSetupTotp } from '../api/setup-totp';
import { TwoStepConfirm } from './two-step-confirm';

/** Two-step sign-in is off: starts the setup, then confirms it. */
export function TwoStepSetUp({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
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
  return <TwoStepConfirm setup={pending} onCancel={() => setPending(null)} onConfirmed={onConfirmed} />;
}
