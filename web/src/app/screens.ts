import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

import type { IconName } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { askAheadTrendsScreen, askForTrendsScreen } from '@/features/trends/api/ask-ahead';
import { vendorEvidenceQueryOptions } from '@/features/vendor-profile/api/get-vendor-evidence';
import { vendorProfileQueryOptions } from '@/features/vendor-profile/api/get-vendor-profile';
import type { FirmRole, User } from '@/lib/api/types';

import { onDemand } from './on-demand';
import { publicScreens } from './public-screens';

/**
 * Who a screen is for. `public`: anyone (the sign-in and link screens); `signed-in`: any signed-in
 * person; `operator`: the install's operator (`isAdmin`); `{ firmRoles }`: members of those
 * roles. The sign-in guard keeps everything but `public` behind sign-in; a screen a person may
 * not use is left out of their navigation (the screen itself says why when they open it anyway).
 */
export type ScreenAccess = 'public' | 'signed-in' | 'operator' | { firmRoles: readonly FirmRole[] };

/**
 * The sidebar's groups, each under its heading: finding vendors, deciding on one, the firm's own
 * things, and the operator's install (shown to the operator only).
 */
export type NavSection = 'choose' | 'decide' | 'firm' | 'install';

export type ScreenNav = {
  label: string;
  icon: IconName;
  /** The sidebar lists its groups in `navSections` order; in each, by `order`. */
  section: NavSection;
  order: number;
  /** Other routes on which this item also counts as the current one. */
  alsoActiveOn?: readonly string[];
};

export type Screen = {
  /** The route (a wouter pattern: `:id` is one segment). */
  path: string;
  /** The screen's name, as its heading says it; the tab reads "<title> · Litstack" (screen-title.tsx). */
  title: string;
  access: ScreenAccess;
  /** Its sidebar entry; a screen without one is reached by links. */
  nav?: ScreenNav;
  /** The screen; `onDemand(() => import(...))` so its code arrives when it is first shown. */
  component: ComponentType & { preload?: () => Promise<void> };
  /** Fetch its code soon after the first signed-in screen is up, so moving to it is instant. */
  preload?: boolean;
  /**
   * Ask for its data while its code loads (the screen then gets a loading boundary of its own),
   * from the path's parameters and the address's query (`search`, without its `?`).
   */
  prefetch?: (params: Record<string, string | undefined>, queryClient: QueryClient, search: string) => void;
  /**
   * Ask for the data its sidebar link opens while a pointer rests on the link or the focus is on
   * it (issue 81): the screen then shows cached answers when the link is followed.
   */
  askAhead?: (queryClient: QueryClient) => void;
};

// Both / and /matches show it: one component, so moving between them keeps the screen.
const matches = onDemand(
  () => import('./matches-screen'),
  (m) => m.MatchesScreen,
);

/**
 * Every screen of the app. Adding a screen is one entry here plus its component; the screens
 * before sign-in are listed in public-screens.ts, so that the sign-in screen's code holds only
 * them (this list, with every signed-in screen, arrives with the signed-in app).
 */
export const screens: readonly Screen[] = [
  ...publicScreens,

  // The signed-in screens, shown inside the app layout.
  { path: paths.home, title: 'Get Recommendations', access: 'signed-in', component: matches, preload: true },
  {
    path: paths.matches,
    title: 'Get Recommendations',
    access: 'signed-in',
    nav: { label: 'Vendor Matches', icon: 'matches', section: 'choose', order: 1, alsoActiveOn: [paths.home] },
    component: matches,
    preload: true,
  },
  {
    path: paths.trends,
    title: 'Demo Booking Trends',
    access: 'signed-in',
    nav: { label: 'Vendor Trends', icon: 'trends', section: 'choose', order: 2 },
    component: onDemand(
      () => import('@/features/trends/components/trends-page'),
      (m) => m.TrendsPage,
    ),
    preload: true,
    prefetch: (_params, queryClient, search) => askForTrendsScreen(queryClient, search),
    askAhead: askAheadTrendsScreen,
  },
  {
    path: paths.vendors,
    title: 'Browse Vendors',
    access: 'signed-in',
    nav: { label: 'Browse Vendors', icon: 'grid', section: 'choose', order: 3, alsoActiveOn: [paths.compare] },
    component: onDemand(
      () => import('@/features/vendors/components/browse-vendors-page'),
      (m) => m.BrowseVendorsPage,
    ),
    preload: true,
  },
  {
    path: paths.vendorProfile,
    title: 'Vendor profile',
    access: 'signed-in',
    component: onDemand(
      () => import('@/features/vendor-profile/components/vendor-profile-page'),
      (m) => m.VendorProfilePage,
    ),
    preload: true,
    prefetch: ({ id = '' }, queryClient) => {
      if (!/^\d{1,19}$/.test(id)) return;
      void queryClient.prefetchQuery(vendorProfileQueryOptions(id));
      void queryClient.prefetchQuery(vendorEvidenceQueryOptions(id));
    },
  },
  {
    path: paths.past,
    title: 'Past Recommendations',
    access: 'signed-in',
    nav: { label: 'Past Matches', icon: 'past', section: 'choose', order: 4 },
    component: onDemand(
      () => import('@/features/past/components/past-recommendations-page'),
      (m) => m.PastRecommendationsPage,
    ),
    preload: true,
  },
  {
    path: paths.shortlist,
    title: 'Shortlist',
    access: 'signed-in',
    nav: { label: 'Shortlist', icon: 'shortlist', section: 'decide', order: 5, alsoActiveOn: [paths.shortlistBrief] },
    component: onDemand(
      () => import('@/features/shortlist/components/shortlist-page'),
      (m) => m.ShortlistPage,
    ),
    preload: true,
  },
  {
    path: paths.shortlistBrief,
    title: 'Technology shortlist: due-diligence brief',
    access: 'signed-in',
    component: onDemand(
      () => import('@/features/shortlist/components/brief-page'),
      (m) => m.BriefPage,
    ),
  },
  {
    path: paths.evaluation,
    title: 'Evaluation',
    access: 'signed-in',
    component: onDemand(
      () => import('@/features/evaluations/components/evaluation-page'),
      (m) => m.EvaluationPage,
    ),
  },
  {
    path: paths.techStack,
    title: 'Tech Stack',
    access: 'signed-in',
    nav: { label: 'Tech Stack', icon: 'techStack', section: 'firm', order: 6 },
    component: onDemand(
      () => import('@/features/tech-stack/components/tech-stack-page'),
      (m) => m.TechStackPage,
    ),
    preload: true,
  },
  // Decisions (issue 32): the list in the nav; the proposal form and each decision by link.
  {
    path: paths.decisions,
    title: 'Decisions',
    access: 'signed-in',
    nav: { label: 'Decisions', icon: 'check', section: 'decide', order: 5.5, alsoActiveOn: [paths.decisionNew, paths.decision] },
    component: onDemand(
      () => import('@/features/decisions/components/decisions-page'),
      (m) => m.DecisionsPage,
    ),
  },
  {
    path: paths.decisionNew,
    title: 'Propose a decision',
    access: { firmRoles: ['owner', 'admin'] },
    component: onDemand(
      () => import('@/features/decisions/components/propose-decision-page'),
      (m) => m.ProposeDecisionPage,
    ),
  },
  {
    path: paths.decision,
    title: 'Decision',
    access: 'signed-in',
    component: onDemand(
      () => import('@/features/decisions/components/decision-page'),
      (m) => m.DecisionPage,
    ),
  },
  {
    path: paths.profile,
    title: 'Profile Settings',
    access: 'signed-in',
    nav: { label: 'Profile', icon: 'profile', section: 'firm', order: 8 },
    component: onDemand(
      () => import('@/features/profile/components/profile-page'),
      (m) => m.ProfilePage,
    ),
    preload: true,
  },
  {
    path: paths.firm,
    title: 'Firm',
    access: 'signed-in',
    nav: { label: 'Firm', icon: 'users', section: 'firm', order: 7 },
    component: onDemand(
      () => import('@/features/firm/components/firm-page'),
      (m) => m.FirmPage,
    ),
  },
  {
    path: paths.compare,
    title: 'Compare vendors',
    access: 'signed-in',
    component: onDemand(
      () => import('@/features/compare/components/compare-page'),
      (m) => m.ComparePage,
    ),
  },
  {
    path: paths.admin.import,
    title: 'Demo Booking Import',
    access: 'operator',
    nav: { label: 'Import', icon: 'import', section: 'install', order: 1 },
    component: onDemand(
      () => import('@/features/admin/components/demo-booking-import-page'),
      (m) => m.DemoBookingImportPage,
    ),
  },
  {
    path: paths.admin.vendors,
    title: 'Manage Vendors',
    access: 'operator',
    nav: { label: 'Manage Vendors', icon: 'building', section: 'install', order: 2 },
    component: onDemand(
      () => import('@/features/admin/components/vendor-admin-page'),
      (m) => m.VendorAdminPage,
    ),
  },
  {
    path: paths.admin.firms,
    title: 'Firms',
    access: 'operator',
    nav: { label: 'Firms', icon: 'firms', section: 'install', order: 3 },
    component: onDemand(
      () => import('@/features/admin/components/firm-admin-page'),
      (m) => m.FirmAdminPage,
    ),
  },
  {
    path: paths.admin.mail,
    title: 'Mail',
    access: 'operator',
    nav: { label: 'Mail', icon: 'mail', section: 'install', order: 4 },
    component: onDemand(
      () => import('@/features/admin/components/mail-admin-page'),
      (m) => m.MailAdminPage,
    ),
  },
  // Lockouts are install-wide (any firm's account), so only the operator unlocks them.
  {
    path: paths.admin.lockedAccounts,
    title: 'Locked accounts',
    access: 'operator',
    nav: { label: 'Locked accounts', icon: 'lock', section: 'install', order: 5 },
    component: onDemand(
      () => import('@/features/admin/components/locked-accounts-page'),
      (m) => m.LockedAccountsPage,
    ),
  },
];

export { publicScreens };
export const signedInScreens = screens.filter((screen) => screen.access !== 'public');

/** Whether `user` may use a screen of this access (undefined: not known yet, as signed in). */
export function mayUse(access: ScreenAccess, user: User | null | undefined): boolean {
  if (access === 'public' || access === 'signed-in') return true;
  if (access === 'operator') return user?.isAdmin === true;
  return user ? access.firmRoles.includes(user.firmRole) : false;
}
