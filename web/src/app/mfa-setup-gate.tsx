import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';

import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useUser } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

import { ScreenTitle } from './screen-title';

const RequiredTwoStepScreen = lazy(() =>
  import('@/features/profile/components/required-two-step-screen').then((m) => ({ default: m.RequiredTwoStepScreen })),
);

function SignOutLink() {
  const [, navigate] = useLocation();
  const signOut = useSignOut({
    onSuccess: () => navigate(paths.auth.signIn),
    onError: () => toast({ title: 'Error', description: 'Failed to sign out. Please try again.', variant: 'destructive' }),
  });
  return (
    <Button variant="outline" size="sm" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      Sign out
    </Button>
  );
}

/**
 * Inside the sign-in guard: while the firm or the install requires a second factor the account
 * lacks (`me.mfaSetupRequired`), only its setup shows; then the app goes on at the same address.
 * A user seeded from a sign-in's answer waits for `me` to say, so nothing else flashes first.
 */
export function MfaSetupGate({ children }: { children: ReactNode }) {
  const me = useUser();
  const queryClient = useQueryClient();
  if (me.data?.mfaSetupRequired === undefined && me.isFetching) return <LoadingScreen />;
  if (me.data?.mfaSetupRequired) {
    return (
      <ScreenTitle title="Set up two-step sign-in">
        <Suspense fallback={<LoadingScreen />}>
          <RequiredTwoStepScreen
            requiredBy={me.data.mfaRequiredBy}
            onDone={() => void queryClient.invalidateQueries({ queryKey: queryKeys.me })}
            footer={<SignOutLink />}
          />
        </Suspense>
      </ScreenTitle>
    );
  }
  return <>{children}</>;
}
