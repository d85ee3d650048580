import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

import { RecoveryCodesShown } from '@/components/recovery-codes-shown';

import type { VendorMe, VendorSession } from '../types';

import { AuthenticatorSetUp } from './authenticator-set-up';
import { HomeSection } from './home-section';
import { SessionsList } from './sessions-list';

/**
 * "Security": the account's authenticator app (its ten recovery codes shown once, right after it is
 * turned on, then how many are left), and where it is signed in.
 */
export function SecuritySection({ account, sessions }: { account: VendorMe['account']; sessions: UseQueryResult<VendorSession[]> }) {
  // Held here, not in the set-up form: the account says the app is on as soon as it is confirmed.
  const [codes, setCodes] = useState<string[] | null>(null);
  const left = account.recoveryCodesLeft;
  return (
    <HomeSection id="security" title="Security">
      <div className="space-y-6">
        <div className="space-y-3">
          <h3 className="text-base font-semibold text-slate-900">Authenticator app</h3>
          {codes ? (
            <RecoveryCodesShown codes={codes} turnedOn="Your authenticator app is on." onDone={() => setCodes(null)} />
          ) : account.hasFactor ? (
            <p className="text-sm text-slate-700">
              On: signing in asks for a code from your authenticator app. {left === 1 ? '1 recovery code is' : `${left} recovery codes are`}{' '}
              left.
            </p>
          ) : (
            <AuthenticatorSetUp onConfirmed={setCodes} />
          )}
        </div>
        <div className="space-y-3 border-t border-slate-100 pt-5">
          <h3 className="text-base font-semibold text-slate-900">Where you’re signed in</h3>
          <SessionsList sessions={sessions} />
        </div>
      </div>
    </HomeSection>
  );
}
