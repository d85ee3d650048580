import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Route, Switch, useLocation, useParams, useSearch } from 'wouter';

import { TooltipProvider } from '@/components/ui/tooltip';
import { RequireAuth } from '@/features/auth/components/require-auth';

import { useToaster } from './deferred-toaster';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { MfaSetupGate } from './mfa-setup-gate';
import { loading } from './on-demand';
import { ScreenTitle } from './screen-title';
import { signedInScreens, type Screen } from './screens';
import { appPathPattern } from './signed-in-paths';

/**
 * A screen that asks for its data while its code loads: its own boundary, so this component
 * commits (and asks for the data) while the code loads, not after.
 */
function PrefetchingScreen({ screen }: { screen: Screen }) {
  const params = useParams();
  // The address's query as the screen opens: its later changes (filters) are the screen's to ask for.
  const search = useRef(useSearch());
  const queryClient = useQueryClient();
  const { prefetch, component: Component } = screen;
  const key = JSON.stringify(params);
  useEffect(() => {
    prefetch?.(JSON.parse(key) as Record<string, string | undefined>, queryClient, search.current);
  }, [prefetch, key, queryClient]);
  return (
    <Suspense fallback={loading}>
      <Component />
    </Suspense>
  );
}

/** Fetches the other screens' code once the first one is up, so moving between them is instant. */
function usePreloadScreens() {
  useEffect(() => {
    const preload = () => {
      const components = new Set(signedInScreens.filter((screen) => screen.preload).map((screen) => screen.component));
      for (const component of components) {
        void component.preload?.().catch(() => undefined); // A failed preload is retried on navigation.
      }
    };
    // Soon after the first screen asked for its own data, not in its way.
    const timer = window.setTimeout(preload, 200);
    return () => window.clearTimeout(timer);
  }, []);
}

/**
 * Each screen opens at its top: the layout stays mounted, so without this a screen reached from
 * the foot of a long one would open scrolled down. Back and Forward keep the browser's own
 * scroll position, and a change of query (a filter) stays where it is.
 */
function useOpenScreensAtTop() {
  const [path] = useLocation();
  const historyMove = useRef(false);
  useEffect(() => {
    const onPopState = () => (historyMove.current = true);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  useEffect(() => {
    if (historyMove.current) {
      historyMove.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [path]);
}

/**
 * Every path but the public screens': a signed-in screen's (the app behind sign-in), or any other
 * (the not-found screen, which asks nobody to sign in).
 */
export function SignedInApp() {
  const [path] = useLocation();
  if (!appPathPattern.test(path)) {
    return (
      <ScreenTitle title="Page Not Found">
        <NotFoundPage />
      </ScreenTitle>
    );
  }
  return <SignedInScreens />;
}

/**
 * The app behind sign-in: the layout stays mounted while its screens change. The tooltips' timing
 * and the toasts arrive with it (the sign-in screen uses neither).
 */
function SignedInScreens() {
  usePreloadScreens();
  useOpenScreensAtTop();
  useToaster();
  return (
    <TooltipProvider>
      <RequireAuth>
        <MfaSetupGate>
          <AppLayout>
            <Suspense fallback={loading}>
              <Switch>
                {signedInScreens.map((screen) => (
                  <Route key={screen.path} path={screen.path}>
                    <ScreenTitle title={screen.title}>
                      {screen.prefetch ? <PrefetchingScreen screen={screen} /> : <screen.component />}
                    </ScreenTitle>
                  </Route>
                ))}
              </Switch>
            </Suspense>
          </AppLayout>
        </MfaSetupGate>
      </RequireAuth>
    </TooltipProvider>
  );
}
