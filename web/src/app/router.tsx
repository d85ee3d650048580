import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';

import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { DemoBookingImportPage } from '@/features/admin/components/demo-booking-import-page';
import { VendorAdminPage } from '@/features/admin/components/vendor-admin-page';
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
const LazyVendorProfilePage = lazy(() =>
  import('@/features/vendor-profile/components/vendor-profile-page').then((m) => ({ default: m.VendorProfilePage })),
);
function VendorProfileScreen() {
  return (
    <Suspense
      fallback={
        <div className="grid place-items-center py-24">
          <Spinner label="Loading..." />
        </div>
      }
    >
      <LazyVendorProfilePage />
    </Suspense>
  );
}

/** The signed-in screens, each shown inside the app layout. */
const appRoutes: ReadonlyArray<{ path: string; component: ComponentType }> = [
  { path: paths.home, component: MatchesScreen },
  { path: paths.matches, component: MatchesScreen },
  { path: paths.trends, component: TrendsPage },
  { path: paths.vendors, component: BrowseVendorsPage },
  { path: paths.vendorProfile, component: VendorProfileScreen },
  { path: paths.past, component: PastRecommendationsPage },
  { path: paths.techStack, component: TechStackPage },
  { path: paths.profile, component: ProfilePage },
  { path: paths.admin.import, component: DemoBookingImportPage },
  { path: paths.admin.vendors, component: VendorAdminPage },
];

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A `:param` segment matches one path segment.
const pattern = (path: string) => escape(path).replace(/:[A-Za-z]+/g, '[^/]+');
// One route for all signed-in paths, so the layout stays mounted while moving between them.
const appPathPattern = new RegExp(`^(?:${appRoutes.map((route) => pattern(route.path)).join('|')})/?$`);

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
