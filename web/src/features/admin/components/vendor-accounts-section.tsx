import { useEffect, useRef } from 'react';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { holdInView } from '@/lib/hold-in-view';

import { useVendorAccounts } from '../api/get-vendor-accounts';
import { AdminSection } from './admin-section';
import { VendorAccountsInvitations } from './vendor-accounts-invitations';
import { VendorAccountsInviteForm } from './vendor-accounts-invite-form';
import { VendorAccountsList } from './vendor-accounts-list';

const ANCHOR = 'vendor-accounts';

/**
 * "Vendor accounts" on Manage Vendors: the people who keep a vendor's listing (invited here, or
 * claimed by an address at the vendor's domain), each removable; the invitations not taken up yet,
 * each revocable; and the invitation of another.
 * The operator's notice of a claim links here (/admin/vendors#vendor-accounts).
 */
export function VendorAccountsSection() {
  const accounts = useVendorAccounts();
  useScrollHereOnArrival(accounts.data !== undefined);
  return (
    <div id={ANCHOR} className="scroll-mt-6">
      <AdminSection title="Vendor accounts">
        <div className="space-y-6">
          <p className="max-w-2xl text-sm text-slate-600">
            The people who keep a vendor’s listing. They propose changes to its facts, which wait for you under Proposals from vendors.
            Someone at a vendor can also claim its listing with an address at its website’s domain, when this install sends mail.
          </p>
          {accounts.error ? (
            <Alert>{getErrorMessage(accounts.error, 'Failed to load the vendor accounts. Please try again.')}</Alert>
          ) : !accounts.data ? (
            <Spinner label="Loading vendor accounts..." />
          ) : (
            <VendorAccountsList accounts={accounts.data} />
          )}
          <VendorAccountsInvitations />
          <VendorAccountsInviteForm />
        </div>
      </AdminSection>
    </div>
  );
}

/**
 * Opened as /admin/vendors#vendor-accounts: the section is scrolled to once it has loaded (the
 * browser's own jump came before it was there), and kept at the top while the sections around it
 * load (`holdInView`).
 */
function useScrollHereOnArrival(ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !ready || window.location.hash !== `#${ANCHOR}`) return;
    done.current = true;
    const section = document.getElementById(ANCHOR);
    if (!section) return;
    return holdInView(section);
  }, [ready]);
}
