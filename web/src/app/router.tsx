import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch, useParams } from 'wouter';

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
import { vendorEvidenceQueryOptions } from '@/features/vendor-profile/api/get-vendor-evidence';
import { vendorProfileQueryOptions } from '@/features/vendor-profile/api/get-vendor-profile';
import { BrowseVendorsPage } from '@/features/vendors/components/browse-vendors-page';

import { AppLayout } from './layout/app-layout';
import { MatchesScreen } from './matches-screen';
import { NotFoundPage } from './not-found-page';

// Loaded on demand, so the first screen's JavaScript stays small; fetched once the browser is
// idle after sign-in, so following a vendor link does not wait for it.
const loadVendorProfilePage = () => import('@/features/vendor-profile/components/vendor-profile-page');
const LazyVendorProfilePage = lazy(() => loadVendorProfilePage().then((m) => ({ default: m.VendorProfilePage })));
function VendorProfileScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const queryClient = useQueryClient();
  // The profile's data is asked for while its code loads, not after.
  useEffect(() => {
    if (!/^\d{1,19}$/.test(id)) return;
    void queryClient.prefetchQuery(vendorProfileQueryOptions(id));
    void queryClient.prefetchQuery(vendorEvidenceQueryOptions(id));
  }, [id, queryClient]);
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

/** Fetches the on-demand screens' code once the browser has nothing else to do. */
function PreloadScreens() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1_000));
    idle(() => void loadVendorProfilePage());
  }, []);
  return null;
}

export function AppRouter() {
  return (
    <Switch>
      <Route path={paths.auth.signIn} component={SignInPage} />
      <Route path={paths.auth.signUp} component={SignUpPage} />
      <Route path={appPathPattern}>
        <RequireAuth>
          <PreloadScreens />
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
