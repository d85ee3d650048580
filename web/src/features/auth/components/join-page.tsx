import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import type { InvitationPreview, User } from '@/lib/api/types';
import { useUser } from '@/lib/auth';
import { firmRoleInSentence } from '@/lib/firm-options';
import { hasErrors, rules, validate } from '@/lib/validation';

import { useInvitation } from '../api/get-invitation';
import { useSignOut } from '../api/sign-out';
import { useSignUp } from '../api/sign-up';
import { INCOMPLETE_LINK } from '../link-token';
import { useLinkToken } from '../use-link-token';
import { messages } from '../validation';

import { AuthLayout } from './auth-layout';

const signInLink = (
  <>
    Already have an account?{' '}
    <Link href={paths.auth.signIn} className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline">
      Sign in
    </Link>
  </>
);

/**
 * /join#<token>: an invitation link. Shows the firm and role it offers, then a sign-up form with
 * the invited email fixed and only a name and a password to choose: the firm's own questions were
 * answered when the firm began, so the new member lands in the app without onboarding.
 */
export function JoinPage() {
  const me = useUser();
  const token = useLinkToken();
  const invitation = useInvitation(me.data ? '' : token);

  if (me.isLoading) return <LoadingScreen />;
  if (me.data) return <SignedInAlready user={me.data} />;
  if (!token) {
    return (
      <AuthLayout title="Join your firm" subtitle="An invitation link lets you join your firm on Litstack." footer={signInLink}>
        <Alert>{INCOMPLETE_LINK}</Alert>
      </AuthLayout>
    );
  }
  if (invitation.isError) {
    return (
      <AuthLayout title="This invitation cannot be used" subtitle="Invitation links work once and for 7 days." footer={signInLink}>
        <Alert>{getErrorMessage(invitation.error, 'Failed to read the invitation. Please try again.')}</Alert>
      </AuthLayout>
    );
  }
  if (!invitation.data) {
    return (
      <AuthLayout title="Join your firm" subtitle="Reading your invitation..." footer={signInLink}>
        <div className="py-6 text-center">
          <Spinner label="Checking the invitation..." />
        </div>
      </AuthLayout>
    );
  }
  return <JoinForm key={token} token={token} invitation={invitation.data} />;
}

function JoinForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const [, navigate] = useLocation();
  const [values, setValues] = useState({ name: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const signUp = useSignUp({ onSuccess: () => navigate(paths.matches) });
  const check = (v: typeof values) =>
    validate({ name: [rules.required(messages.name)], password: [rules.minLength(8, messages.passwordLength)] }, v);
  const errors = submitted ? check(values) : {};
  const pending = signUp.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(check(values))) return;
    signUp.mutate({ inviteToken: token, email: invitation.email, name: values.name.trim(), password: values.password });
  };

  return (
    <AuthLayout
      title={`Join ${invitation.firmName} as ${firmRoleInSentence(invitation.role)}`}
      subtitle="Choose your name and a password. Your firm’s details are already set, so you go straight in."
      footer={signInLink}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {signUp.isError ? <Alert>{getErrorMessage(signUp.error, 'Failed to create account')}</Alert> : null}
        <TextField label="Email" type="email" value={invitation.email} readOnly hint="The invitation is for this email address." />
        <TextField
          label="Full Name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => setValues((v) => ({ ...v, name: event.target.value }))}
          error={errors.name}
          disabled={pending}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          value={values.password}
          onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
          error={errors.password}
          disabled={pending}
        />
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? 'Joining...' : `Join ${invitation.firmName}`}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** Someone is signed in on this browser: joining needs a fresh account, so offer to sign out. */
function SignedInAlready({ user }: { user: User }) {
  const signOut = useSignOut();
  return (
    <AuthLayout
      title="You are already signed in"
      subtitle={`This browser is signed in as ${user.name} (${user.email}) of ${user.firm.name}.`}
      footer={
        <Link href={paths.matches} className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline">
          Go to Litstack instead
        </Link>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>To accept this invitation with a new account, sign out first; this page then shows the invitation.</p>
        {signOut.isError ? <Alert>{getErrorMessage(signOut.error, 'Failed to sign out. Please try again.')}</Alert> : null}
        <Button size="lg" className="w-full" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          {signOut.isPending ? 'Signing out...' : 'Sign out and continue'}
        </Button>
      </div>
    </AuthLayout>
  );
}
