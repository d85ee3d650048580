import { useState } from 'react';

import { RecoveryCodesShown } from '@/components/recovery-codes-shown';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useMfaStatus } from '../api/get-mfa-status';
import { TwoStepSetUp } from './two-step-set-up';
import { TwoStepTurnOff } from './two-step-turn-off';

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
    return <RecoveryCodesShown codes={codes} turnedOn="Two-step sign-in is on." onDone={done} />;
  }
  if (status.isPending) return <Spinner label="Loading..." />;
  if (status.isError) return <Alert>{getErrorMessage(status.error, 'Failed to load two-step sign-in.')}</Alert>;
  if (status.data.enabled) return <TwoStepTurnOff left={status.data.recoveryCodesLeft} />;
  return <TwoStepSetUp onConfirmed={setCodes} />;
}
