import { Suspense } from 'react';
import { Route, Switch } from 'wouter';

import { NotFoundPage } from './not-found-page';
import { loading, onDemand } from './on-demand';
import { ScreenTitle } from './screen-title';
import { publicScreens } from './screens';
import { appPathPattern } from './signed-in-paths';

const SignedInApp = onDemand(
  () => import('./signed-in-app'),
  (m) => m.SignedInApp,
);

/** The screens before sign-in, then every signed-in path to the signed-in app (one route, one layout). */
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
        <Route path={appPathPattern} component={SignedInApp} />
        <Route>
          <ScreenTitle title="Page Not Found">
            <NotFoundPage />
          </ScreenTitle>
        </Route>
      </Switch>
    </Suspense>
  );
}
