import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Route, Switch, useLocation, useParams } from 'wouter';

import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { vendorEvidenceQueryOptions } from '@/features/vendor-profile/api/get-vendor-evidence';
import { vendorProfileQueryOptions } from '@/features/vendor-profile/api/get-vendor-profile';

import { AppLayout } from './layout/app-layout';
import { loading, onDemand } from './on-demand';

const MatchesScreen = onDemand(() => import('./matches-screen'), (m) => m.MatchesScreen);
const TrendsPage = onDemand(() => import('@/features/trends/components/trends-page'), (m) => m.TrendsPage);
const BrowseVendorsPage = onDemand(() => import('@/features/vendors/components/browse-vendors-page'), (m) => m.BrowseVendorsPage);
const PastRecommendationsPage = onDemand(
  () => import('@/features/past/components/past-recommendations-page'),
  (m) => m.PastRecommendationsPage,
);
const ShortlistPage = onDemand(() => import('@/features/shortlist/components/shortlist-page'), (m) => m.ShortlistPage);
const BriefPage = onDemand(() => import('@/features/shortlist/components/brief-page'), (m) => m.BriefPage);
const TechStackPage = onDemand(() => import('@/features/tech-stack/components/tech-stack-page'), (m) => m.TechStackPage);
const ProfilePage = onDemand(() => import('@/features/profile/components/profile-page'), (m) => m.ProfilePage);
const DemoBookingImportPage = onDemand(
  () => import('@/features/admin/components/demo-booking-import-page'),
  (m) => m.DemoBookingImportPage,
);
const VendorProfilePage = onDemand(
  () => import('@/features/vendor-profile/components/vendor-profile-page'),
  (m) => m.VendorProfilePage,
);
const FirmPage = onDemand(() => import('@/features/firm/components/firm-page'), (m) => m.FirmPage);
const ComparePage = onDemand(() => import('@/features/compare/components/compare-page'), (m) => m.ComparePage);
const VendorAdminPage = onDemand(() => import('@/features/admin/components/vendor-admin-page'), (m) => m.VendorAdminPage);
const FirmAdminPage = onDemand(() => import('@/features/admin/components/firm-admin-page'), (m) => m.FirmAdminPage);

/** /vendors/:id: the profile's data is asked for while its code loads, not after. */
function VendorProfileScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!/^\d{1,19}$/.test(id)) return;
    void queryClient.prefetchQuery(vendorProfileQueryOptions(id));
    void queryClient.prefetchQuery(vendorEvidenceQueryOptions(id));
  }, [id, queryClient]);
  // Its own boundary, so this component commits (and asks for the data) while the code loads.
  return (
    <Suspense fallback={loading}>
      <VendorProfilePage />
    </Suspense>
  );
}

/** The signed-in screens, each shown inside the app layout and loaded when first shown. */
const appRoutes: ReadonlyArray<{ path: string; component: ComponentType }> = [
  { path: paths.home, component: MatchesScreen },
  { path: paths.matches, component: MatchesScreen },
  { path: paths.trends, component: TrendsPage },
  { path: paths.vendors, component: BrowseVendorsPage },
  { path: paths.vendorProfile, component: VendorProfileScreen },
  { path: paths.past, component: PastRecommendationsPage },
  { path: paths.shortlist, component: ShortlistPage },
  { path: paths.shortlistBrief, component: BriefPage },
  { path: paths.techStack, component: TechStackPage },
  { path: paths.profile, component: ProfilePage },
  { path: paths.firm, component: FirmPage },
  { path: paths.compare, component: ComparePage },
  { path: paths.admin.import, component: DemoBookingImportPage },
  { path: paths.admin.vendors, component: VendorAdminPage },
  { path: paths.admin.firms, component: FirmAdminPage },
];

/** Fetches the other screens' code once the first one is up, so moving between them is instant. */
function usePreloadScreens() {
  useEffect(() => {
    const preload = () => {
      const screens = [MatchesScreen, TrendsPage, BrowseVendorsPage, VendorProfilePage, PastRecommendationsPage, ShortlistPage, TechStackPage, ProfilePage];
      for (const screen of screens) {
        void screen.preload().catch(() => undefined); // A failed preload is retried on navigation.
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

/** The app behind sign-in: the layout stays mounted while its screens change. */
export function SignedInApp() {
  usePreloadScreens();
  useOpenScreensAtTop();
  return (
    <RequireAuth>
      <AppLayout>
        <Suspense fallback={loading}>
          <Switch>
            {appRoutes.map((route) => (
              <Route key={route.path} path={route.path} component={route.component} />
            ))}
          </Switch>
        </Suspense>
      </AppLayout>
    </RequireAuth>
  );
}
