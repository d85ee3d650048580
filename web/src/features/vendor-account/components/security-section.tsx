import type { UseQueryResult } from '@tanstack/react-query';

import type { VendorMe, VendorSession } from '../types';

import { AuthenticatorSetUp } from './authenticator-set-up';
import { HomeSection } from './home-section';
import { SessionsList } from './sessions-list';

/** "Security": the account's authenticator app, and where it is signed in. */
export function SecuritySection({ account, sessions }: { account: VendorMe['account']; sessions: UseQueryResult<VendorSession[]> }) {
  return (
    <HomeSection id="security" title="Security">
      <div className="space-y-6">
        <div className="space-y-3">
          <h3 className="text-base font-semibold text-slate-900">Authenticator app</h3>
          {account.hasFactor ? (
            <p className="text-sm text-slate-700">On: signing in asks for a code from your authenticator app.</p>
          ) : (
            <AuthenticatorSetUp />
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
