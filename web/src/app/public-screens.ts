import { paths } from '@/config/paths';
import { SignInPage } from '@/features/auth/components/sign-in-page';

import { onDemandWithCache } from './on-demand';
import type { Screen } from './screens';

const vendorScreens = () => import('@/features/vendor-account/screens');

/**
 * The screens before sign-in (part of the registry in screens.ts, which lists them first). The
 * router holds these alone: every other path goes to the signed-in app, loaded on demand.
 */
export const publicScreens: readonly Screen[] = [
  // Sign-in is the first one most visitors see: no extra chunk.
  { path: paths.auth.signIn, title: 'Welcome Back', access: 'public', component: SignInPage },
  {
    path: paths.auth.signUp,
    title: 'Create Account',
    access: 'public',
    component: onDemandWithCache(
      () => import('@/features/auth/components/sign-up-page'),
      (m) => m.SignUpPage,
    ),
  },
  {
    path: paths.auth.forgotPassword,
    title: 'Forgot your password?',
    access: 'public',
    component: onDemandWithCache(
      () => import('@/features/auth/components/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: paths.join,
    title: 'Join your firm',
    access: 'public',
    component: onDemandWithCache(
      () => import('@/features/auth/components/join-page'),
      (m) => m.JoinPage,
    ),
  },
  {
    path: paths.resetPassword,
    title: 'Set a new password',
    access: 'public',
    component: onDemandWithCache(
      () => import('@/features/auth/components/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  // The vendor's side: a vendor account has its own session, which these screens read themselves
  // (GET /api/vendor/me), so they stay outside the firm's signed-in app.
  {
    path: paths.vendor.home,
    title: 'Your listing',
    access: 'public',
    component: onDemandWithCache(vendorScreens, (m) => m.VendorHomePage),
  },
  {
    path: paths.vendor.claim,
    title: 'Claim your listing',
    access: 'public',
    component: onDemandWithCache(vendorScreens, (m) => m.ClaimPage),
  },
  {
    path: paths.vendor.join,
    title: 'Keep your listing',
    access: 'public',
    component: onDemandWithCache(vendorScreens, (m) => m.JoinPage),
  },
  {
    path: paths.vendor.signIn,
    title: 'Vendor sign-in',
    access: 'public',
    component: onDemandWithCache(vendorScreens, (m) => m.SignInPage),
  },
  {
    path: paths.unsubscribe,
    title: 'Unsubscribe',
    access: 'public',
    component: onDemandWithCache(
      () => import('@/features/notifications/components/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
];
