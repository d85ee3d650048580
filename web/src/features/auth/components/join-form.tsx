import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import type { InvitationPreview } from '@/lib/api/types';
import { firmRoleInSentence } from '@/lib/firm-options';
import { hasErrors, rules, validate } from '@/lib/validation';

import { useSignUp } from '../api/sign-up';
import { messages } from '../validation';

import { AuthLayout } from '@/components/auth-layout';
import { SignInLink } from './sign-in-link';

/** The invitation's sign-up form: the invited email fixed, a name and a password to choose. */
export function JoinForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
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
      footer={<SignInLink />}
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
