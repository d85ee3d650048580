import { useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

import { useVendorSignOut } from '../api/sign-out';
import { vendorErrorMessage } from '../api/vendor-call';
import type { VendorMe } from '../types';

/** The bar above the vendor's home: who is signed in, and Sign out. */
export function VendorHeader({ account }: { account: VendorMe['account'] }) {
  const [, navigate] = useLocation();
  const signOut = useVendorSignOut({ onSuccess: () => navigate(paths.vendor.signIn) });
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <BrandMark />
        <div className="flex min-w-0 items-center gap-3">
          <p className="min-w-0 text-right text-sm">
            <span className="sr-only">Signed in as </span>
            <span className="block truncate font-medium text-slate-900">{account.name}</span>
            <span className="block truncate text-slate-600">{account.email}</span>
          </p>
          <Button variant="outline" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            {signOut.isPending ? 'Signing out...' : 'Sign out'}
          </Button>
        </div>
      </div>
      {signOut.isError ? (
        <div className="mx-auto max-w-3xl px-4 pb-3">
          <Alert>{vendorErrorMessage(signOut.error, 'Failed to sign out. Please try again.')}</Alert>
        </div>
      ) : null}
    </header>
  );
}
