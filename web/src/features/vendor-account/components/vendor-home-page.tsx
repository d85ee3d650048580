import { Redirect } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';

import { useVendorMe } from '../api/get-vendor-me';
import { vendorErrorMessage } from '../api/vendor-call';

import { VendorHome } from './vendor-home';

/**
 * /vendor: the vendor's home, for a browser with a vendor session (GET /api/vendor/me); anyone
 * else goes to the vendor's sign-in. A firm's session does not count here.
 */
export function VendorHomePage() {
  const me = useVendorMe();
  if (me.isPending) return <LoadingScreen />;
  if (me.isError) {
    return (
      <main className="grid min-h-dvh place-items-center bg-slate-50 px-4 text-center">
        <div className="max-w-md space-y-4">
          <Alert>{vendorErrorMessage(me.error, 'We couldn’t reach the server. Check your connection, then try again.')}</Alert>
          <Button variant="outline" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </div>
      </main>
    );
  }
  if (!me.data) return <Redirect to={paths.vendor.signIn} replace />;
  return <VendorHome me={me.data} />;
}
