import { useSignals } from '@preact/signals-react/runtime';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useContext, useEffect, useState, type FormEvent } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import type { SignInAnswer } from '@/lib/api/types';
import { getMe } from '@/lib/me';
import { queryCacheRef } from '@/lib/query-cache-ref';
import { queryKeys } from '@/lib/query-keys';
import { signInNotice } from '@/lib/sign-in-notice';
import { hasErrors } from '@/lib/validation';

import { discoverSso, ssoStartUrl } from '../api/discover-sso';
import { getSetupStatus, setupStatusKey } from '../api/get-setup-status';
import { rememberSignedIn, signedInCache, signIn } from '../api/sign-in';
import { returnPath } from '../return-path';
import { validateSignIn, type SignInValues } from '../validation';

import { AuthLayout } from '@/components/auth-layout';

// Only accounts with two-step sign-in see the code step: it loads when asked for, so the
// sign-in screen's first bundle stays small.
// Only when the identity provider's sign-in came back refused (`?sso=<code>`).
const SsoProblemAlert = lazy(() => import('./sso-problem-alert').then((module) => ({ default: module.SsoProblemAlert })));
// It reads through the query cache, whose code arrives with it.
const MfaCodeStep = lazy(() =>
  Promise.all([import('./mfa-code-step'), import('@/lib/query-root')]).then(([module, { QueryRoot }]) => ({
    default: (props: Parameters<typeof module.MfaCodeStep>[0]) => (
      <QueryRoot>
        <module.MfaCodeStep {...props} />
      </QueryRoot>
    ),
  })),
);

/**
 * An answer the screen reads once when it opens: from the query cache when that already holds it
 * (the app's, once its code is here), else asked for, and then kept there too. The sign-in screen
 * loads without the query cache's code, so it asks the server itself.
 */
function useAnswer<T>(cache: QueryClient | undefined, key: readonly unknown[], ask: () => Promise<T>) {
  const [answer, setAnswer] = useState<{ data?: T; isLoading: boolean }>(() => {
    const cached = cache?.getQueryState<T>(key);
    return cached?.status === 'success' && !cached.isInvalidated ? { data: cached.data, isLoading: false } : { isLoading: true };
  });
  const asking = answer.isLoading;
  useEffect(() => {
    if (!asking) return;
    let live = true;
    ask().then(
      (data) => {
        cache?.setQueryData(key, data);
        if (live) setAnswer({ data, isLoading: false });
      },
      () => live && setAnswer({ isLoading: false }),
    );
    return () => {
      live = false;
    };
    // Once, when the screen opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return answer;
}

/** The sign-in request's state, as a mutation's. */
type Attempt = { isPending: boolean; error: unknown };

export function SignInPage() {
  useSignals();
  const cache = useContext(QueryClientContext) ?? queryCacheRef.current ?? undefined;
  const me = useAnswer(cache, queryKeys.me, getMe);
  // "Forgot password?" only where the server mails reset links.
  const setup = useAnswer(cache, setupStatusKey, getSetupStatus);
  // Why the person is here (a session that ended, a password just set), shown until they sign in.
  const notice = signInNotice.value;
  const [, navigate] = useLocation();
  const search = useSearch();
  const next = returnPath(search);
  // A sign-in at the firm's identity provider that came back refused says why.
  const ssoError = new URLSearchParams(search).get('sso');
  // The email whose domain signs in through its firm's identity provider, once asked.
  const [ssoEmail, setSsoEmail] = useState<string | null>(null);
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  // Set when the password was right and the account's second factor is due.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const signedIn = () => {
    signInNotice.value = null;
    navigate(next);
  };
  const [attempt, setAttempt] = useState<Attempt>({ isPending: false, error: null });
  const submit = (input: { email: string; password: string }) => {
    setAttempt({ isPending: true, error: null });
    signIn(input)
      .then(async ({ user, mfaRequired, mfaToken: token }: SignInAnswer) => {
        if (mfaRequired && token) {
          setAttempt({ isPending: false, error: null });
          setMfaToken(token);
          return;
        }
        rememberSignedIn(await signedInCache(cache), user);
        signedIn();
      })
      .catch((error: unknown) => setAttempt({ isPending: false, error }));
  };

  if (me.isLoading) return <LoadingScreen />;
  if (me.data) return <Redirect to={next} replace />;
  // Nobody can sign in to an install without an account: it opens on the first sign-up.
  if (setup.data?.noAccountYet) return <Redirect to={paths.auth.signUp} replace />;

  const errors = submitted ? validateSignIn(values) : {};
  const pending = attempt.isPending;
  const set = (field: keyof SignInValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  // Email first: once the person leaves the email field, ask whether its domain has single sign-on.
  const checkSso = () => {
    const email = values.email.trim();
    if (validateSignIn({ email, password: 'x' }).email) return;
    discoverSso(email).then(
      (found) => setSsoEmail(found.sso ? email : null),
      () => setSsoEmail(null),
    );
  };
  const sso = ssoEmail !== null && ssoEmail === values.email.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(validateSignIn(values))) return;
    submit({ email: values.email.trim(), password: values.password });
  };

  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Sign in to your hub dashboard to find and compare legal technology for your firm."
      footer={
        <>
          New to Litstack?{' '}
          <Link href={paths.auth.signUp} className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline">
            Create account
          </Link>
          <Link href={paths.vendor.signIn} className="mt-2 block text-xs hover:underline">
            For vendors: keep your company’s listing
          </Link>
        </>
      }
    >
      {mfaToken ? (
        <Suspense fallback={<Spinner label="Loading..." />}>
          <MfaCodeStep
            mfaToken={mfaToken}
            onSignedIn={signedIn}
            onStartOver={() => {
              setMfaToken(null);
              setAttempt({ isPending: false, error: null });
              setValues((current) => ({ ...current, password: '' }));
            }}
          />
        </Suspense>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {notice && !attempt.error ? <Notice tone={notice.kind}>{notice.text}</Notice> : null}
          {ssoError && !attempt.error ? (
            <Suspense fallback={null}>
              <SsoProblemAlert code={ssoError} />
            </Suspense>
          ) : null}
          {attempt.error ? <Alert>{getErrorMessage(attempt.error, 'Failed to sign in')}</Alert> : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@yourfirm.com"
            value={values.email}
            onChange={set('email')}
            onBlur={checkSso}
            error={errors.email}
            disabled={pending}
          />
          {sso ? (
            <a
              href={ssoStartUrl(values.email.trim(), next)}
              className="flex w-full items-center justify-center rounded-md border border-indigo-700 px-4 py-2.5 font-medium text-indigo-700 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
            >
              Continue with your firm’s sign-in
            </a>
          ) : null}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            disabled={pending}
          />
          {setup.data?.passwordResetByEmail ? (
            <p className="-mt-1 text-right text-sm">
              <Link href={paths.auth.forgotPassword} className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline">
                Forgot password?
              </Link>
            </p>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending ? 'Signing In...' : 'Sign In'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
