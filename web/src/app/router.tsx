import { Suspense } from 'react';
import { Route, Switch } from 'wouter';

import { SignInPage } from '@/features/auth/components/sign-in-page';
import { paths } from '@/config/paths';

import { NotFoundPage } from './not-found-page';
import { loading, onDemand } from './on-demand';
import { appPathPattern } from './signed-in-paths';

const SignUpPage = onDemand(() => import('@/features/auth/components/sign-up-page'), (m) => m.SignUpPage);
const JoinPage = onDemand(() => import('@/features/auth/components/join-page'), (m) => m.JoinPage);
const ResetPasswordPage = onDemand(() => import('@/features/auth/components/reset-password-page'), (m) => m.ResetPasswordPage);
const SignedInApp = onDemand(() => import('./signed-in-app'), (m) => m.SignedInApp);

export function AppRouter() {
  return (
    <Suspense fallback={loading}>
      <Switch>
        <Route path={paths.auth.signIn} component={SignInPage} />
        <Route path={paths.auth.signUp} component={SignUpPage} />
        <Route path={paths.join} component={JoinPage} />
        <Route path={paths.resetPassword} component={ResetPasswordPage} />
        <Route path={appPathPattern} component={SignedInApp} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
