import { Suspense } from 'react';
import { Route, Switch } from 'wouter';

import { loading, onDemandWithCache } from './on-demand';
import { publicScreens } from './public-screens';
import { ScreenTitle } from './screen-title';

// Every other path: a signed-in screen, or the not-found screen (the signed-in app tells them
// apart by the registry, which arrives with it).
const SignedInApp = onDemandWithCache(
  () => import('./signed-in-app'),
  (m) => m.SignedInApp,
);

/** The screens before sign-in, then every other path to the signed-in app (one route, one layout). */
export function AppRouter() {
  return (
    <Suspense fallback={loading}>
      <Switch>
        {publicScreens.map((screen) => (
          <Route key={screen.path} path={screen.path}>
            <ScreenTitle title={screen.title}>
              <screen.component />
            </ScreenTitle>
          </Route>
        ))}
        <Route component={SignedInApp} />
      </Switch>
    </Suspense>
  );
}
