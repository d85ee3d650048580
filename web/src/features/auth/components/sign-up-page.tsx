import { useState, type FormEvent } from 'react';
import { Link, Redirect, useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { firmSizeOptions, isFirmSize } from '@/lib/firm-options';
import { hasErrors } from '@/lib/validation';

import { useSetupStatus } from '../api/setup-status';
import { useSignUp } from '../api/sign-up';
import { validateSignUp, type SignUpValues } from '../validation';

import { AuthLayout } from '@/components/auth-layout';

export function SignUpPage() {
  const me = useUser();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<SignUpValues>({ name: '', email: '', password: '', lawFirm: '', firmSize: '' });
  const [submitted, setSubmitted] = useState(false);
  const [setupToken, setSetupToken] = useState('');
  const setup = useSetupStatus();
  const needsToken = setup.data?.setupTokenRequired === true;
  const firstAccount = setup.data?.noAccountYet === true;
  const signUp = useSignUp({ onSuccess: () => navigate(paths.matches) });

  if (me.isLoading) return <LoadingScreen />;
  if (me.data) return <Redirect to={paths.matches} replace />;

  const errors = submitted ? validateSignUp(values) : {};
  const pending = signUp.isPending;
  const set = (field: keyof SignUpValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(validateSignUp(values))) return;
    signUp.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      lawFirm: values.lawFirm.trim(),
      ...(isFirmSize(values.firmSize) ? { firmSize: values.firmSize } : {}),
      ...(needsToken ? { setupToken: setupToken.trim() } : {}),
    });
  };

  return (
    <AuthLayout
      title="Create Account"
      subtitle="Get tailored legal-technology recommendations for every stage of your cases."
      footer={
        firstAccount ? undefined : (
          <>
            Already have an account?{' '}
            <Link href={paths.auth.signIn} className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline">
              Sign in
            </Link>
          </>
        )
      }
    >
      {firstAccount ? (
        <p role="note" className="mb-4 rounded-lg border border-indigo-200 bg-indigo-50 px-3.5 py-3 text-sm text-slate-800">
          This install has no account yet. The first account runs it: it imports demo bookings, keeps the vendor catalog, backups and mail
          settings, and verifies firms. It is also the owner of its law firm.
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {signUp.isError ? <Alert>{getErrorMessage(signUp.error, 'Failed to create account')}</Alert> : null}
        <TextField
          label="Full Name"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
          disabled={pending}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@yourfirm.com"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
          disabled={pending}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          disabled={pending}
        />
        <TextField
          label="Law Firm"
          autoComplete="organization"
          value={values.lawFirm}
          onChange={set('lawFirm')}
          error={errors.lawFirm}
          disabled={pending}
        />
        <SelectField
          label="Firm Size (optional)"
          options={firmSizeOptions}
          placeholder="Select firm size"
          value={values.firmSize}
          onChange={set('firmSize')}
          disabled={pending}
        />
        {needsToken ? (
          <TextField
            label="Setup token"
            autoComplete="off"
            hint="This is the first account on a network address: enter the one-time token printed in the server's console."
            value={setupToken}
            onChange={(event) => setSetupToken(event.target.value)}
            disabled={pending}
          />
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
