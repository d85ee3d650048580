import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';

import { useVendorDemoRequests } from '../api/demo-requests';
import { useVendorNotices } from '../api/get-notices';
import { useVendorProposals } from '../api/get-proposals';
import { useVendorSessions } from '../api/get-sessions';
import { useVendorStats } from '../api/get-stats';
import { vendorMeKey } from '../api/get-vendor-me';
import { VendorUnauthorized } from '../api/vendor-call';
import { formValuesOf } from '../proposal-form';
import type { VendorMe } from '../types';

import { DemoRequestsSection } from './demo-requests-section';
import { FiguresSection } from './figures-section';
import { ListingSection } from './listing-section';
import { NoticesSection } from './notices-section';
import { ProposalsSection } from './proposals-section';
import { ProposeChangeSection } from './propose-change-section';
import { SecuritySection } from './security-section';
import { VendorHeader } from './vendor-header';

/**
 * The signed-in vendor's page, one column: the listing as firms see it, its monthly figures, a
 * proposal form, the proposals, the demo requests firms sent (first while one waits for an
 * answer), the notices and the account's security.
 */
export function VendorHome({ me }: { me: VendorMe }) {
  const { account, listing } = me;
  const proposals = useVendorProposals();
  const notices = useVendorNotices();
  const sessions = useVendorSessions();
  const stats = useVendorStats();
  const demoRequests = useVendorDemoRequests();
  useSessionEndedSignsOut(proposals.error, notices.error, sessions.error, stats.error, demoRequests.error);
  // A request waiting for an answer is work waiting, so first; otherwise the section sits after
  // the proposals, out of the way. Placed once, as the page loads: answering a request does not
  // move the section from under the person.
  const [waiting, setWaiting] = useState<boolean | null>(null);
  useEffect(() => {
    if (waiting === null && demoRequests.data) setWaiting(demoRequests.data.some((r) => r.state === 'requested'));
  }, [waiting, demoRequests.data]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <VendorHeader account={account} />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-10">
        <header className="space-y-1.5">
          <p className="text-sm font-medium text-indigo-700">Your listing on Litstack</p>
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">{listing.name}</h1>
          <p className="text-sm text-slate-600">
            Firms read these facts when they compare vendors. You propose changes; the operator of this Litstack reviews each one before
            firms see it.
          </p>
        </header>
        {waiting ? <DemoRequestsSection requests={demoRequests} /> : null}
        <ListingSection listing={listing} />
        <FiguresSection stats={stats} />
        {/* A fresh form whenever the listing itself changes (an approved proposal). */}
        <ProposeChangeSection key={JSON.stringify(formValuesOf(listing))} listing={listing} />
        <ProposalsSection proposals={proposals} />
        {waiting ? null : <DemoRequestsSection requests={demoRequests} />}
        <NoticesSection notices={notices} unread={me.unread} />
        <SecuritySection account={account} sessions={sessions} />
      </main>
    </div>
  );
}

/** A vendor read answered 401: the session ended (signed out elsewhere, ended from another browser). */
function useSessionEndedSignsOut(...errors: unknown[]) {
  const queryClient = useQueryClient();
  const ended = errors.some((error) => error instanceof VendorUnauthorized);
  useEffect(() => {
    if (ended) queryClient.setQueryData(vendorMeKey, null);
  }, [ended, queryClient]);
}
