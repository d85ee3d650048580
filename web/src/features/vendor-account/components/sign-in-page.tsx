import { useState, type FormEvent } from 'react';
import { Redirect, useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { hasErrors } from '@/lib/validation';

import { useVendorMe } from '../api/get-vendor-me';
import { useVendorSignIn } from '../api/sign-in';
import { vendorErrorMessage } from '../api/vendor-call';
import { validateSignIn, type SignInValues } from '../validation';

import { CodeStep } from './code-step';
import { TextLink } from './text-link';
import { AuthLayout } from '@/components/auth-layout';
import { VENDOR_TAGLINE } from '../tagline';

/**
 * /vendor/sign-in: a vendor account's email and password, then, for an account with an
 * authenticator app, its 6-digit code or one of its recovery codes (the same request again with
 * `code`).
 */
export function SignInPage() {
  const me = useVendorMe();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [codeStep, setCodeStep] = useState(false);
  const signIn = useVendorSignIn({
    onSignedIn: () => navigate(paths.vendor.home),
    onCodeRequired: () => setCodeStep(true),
  });

  if (me.isLoading) return <LoadingScreen />;
  if (me.data) return <Redirect to={paths.vendor.home} replace />;

  const errors = submitted ? validateSignIn(values) : {};
  const pending = signIn.isPending;
  const set = (field: keyof SignInValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(validateSignIn(values))) return;
    signIn.mutate({ email: values.email.trim(), password: values.password });
  };

  return (
    <AuthLayout
      tagline={VENDOR_TAGLINE}
      title="Vendor sign-in"
      subtitle="Sign in to keep your company’s listing on Litstack."
      footer={
        <>
          <p>
            New here? <TextLink href={paths.vendor.claim}>Claim your listing</TextLink>
          </p>
          <p>
            Signing in for a law firm? <TextLink href={paths.auth.signIn}>Firm sign-in</TextLink>
          </p>
        </>
      }
    >
      {codeStep ? (
        <CodeStep
          pending={pending}
          error={signIn.isError ? vendorErrorMessage(signIn.error, 'The code was not accepted') : null}
          onCode={(code) => signIn.mutate({ email: values.email.trim(), password: values.password, code })}
          onSwitch={() => signIn.reset()}
          onStartOver={() => {
            setCodeStep(false);
            signIn.reset();
            setValues((current) => ({ ...current, password: '' }));
          }}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Vendor sign-in" className="space-y-4">
          {signIn.isError ? <Alert>{vendorErrorMessage(signIn.error, 'Failed to sign in')}</Alert> : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@yourcompany.com"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
            disabled={pending}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            disabled={pending}
          />
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending ? 'Signing In...' : 'Sign In'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
