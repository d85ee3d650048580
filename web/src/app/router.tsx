import { type ComponentType, Suspense, lazy } from 'react';
import { Route, Switch } from 'wouter';

import { paths } from '@/config/paths';
import { DemoBookingImportPage } from '@/features/admin/components/demo-booking-import-page';
import { VendorAdminPage } from '@/features/admin/components/vendor-admin-page';
import { Spinner } from '@/components/ui/spinner';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { SignUpPage } from '@/features/auth/components/sign-up-page';
import { PastRecommendationsPage } from '@/features/past/components/past-recommendations-page';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { TechStackPage } from '@/features/tech-stack/components/tech-stack-page';
import { TrendsPage } from '@/features/trends/components/trends-page';
import { BrowseVendorsPage } from '@/features/vendors/components/browse-vendors-page';

import { AppLayout } from './layout/app-layout';
import { MatchesScreen } from './matches-screen';
import { NotFoundPage } from './not-found-page';

// Loaded on demand, so the first screen's JavaScript stays small.
const ComparePage = lazy(() => import('@/features/compare/components/compare-page').then((m) => ({ default: m.ComparePage })));

function LazyComparePage() {
  return (
    <Suspense fallback={<Spinner label="Loading..." />}>
      <ComparePage />
    </Suspense>
  );
}

/** The signed-in screens, each shown inside the app layout. */
const appRoutes: ReadonlyArray<{ path: string; component: ComponentType }> = [
  { path: paths.home, component: MatchesScreen },
  { path: paths.matches, component: MatchesScreen },
  { path: paths.trends, component: TrendsPage },
  { path: paths.vendors, component: BrowseVendorsPage },
  { path: paths.past, component: PastRecommendationsPage },
  { path: paths.techStack, component: TechStackPage },
  { path: paths.profile, component: ProfilePage },
  { path: paths.compare, component: LazyComparePage },
  { path: paths.admin.import, component: DemoBookingImportPage },
  { path: paths.admin.vendors, component: VendorAdminPage },
];

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// One route for all signed-in paths, so the layout stays mounted while moving between them.
const appPathPattern = new RegExp(`^(?:${appRoutes.map((route) => escape(route.path)).join('|')})/?$`);

export function AppRouter() {
  return (
    <Switch>
      <Route path={paths.auth.signIn} component={SignInPage} />
      <Route path={paths.auth.signUp} component={SignUpPage} />
      <Route path={appPathPattern}>
        <RequireAuth>
          <AppLayout>
            <Switch>
              {appRoutes.map((route) => (
                <Route key={route.path} path={route.path} component={route.component} />
              ))}
            </Switch>
          </AppLayout>
        </RequireAuth>
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
