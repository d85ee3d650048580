import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';

import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useUser } from '@/lib/auth';

import { signInReturningTo } from '../return-path';

/** Shows its children to a signed-in user; sends anyone else to sign-in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useUser();
  const [location] = useLocation();
  const search = useSearch();
  if (me.isLoading) return <LoadingScreen />;
  if (me.isError) {
    return (
      <div role="alert" className="grid min-h-dvh place-items-center bg-slate-50 px-4 text-center">
        <div className="space-y-4">
          <p className="text-slate-700">We couldn’t reach the server. Check that Litstack is running, then try again.</p>
          <Button variant="outline" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  // Sign-in comes back here: a bookmarked screen, or the one a session ended on.
  if (!me.data) return <Redirect to={signInReturningTo(search ? `${location}?${search}` : location)} replace />;
  return <>{children}</>;
}
