import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { signInNotice } from '@/lib/sign-in-notice';
import { hasErrors, rules, validate } from '@/lib/validation';

import { useResetPassword } from '../api/reset-password';
import { messages } from '../validation';

const MISMATCH = 'New passwords do not match.';

type Values = { password: string; confirm: string };

function check(values: Values) {
  const errors = validate({ password: [rules.minLength(8, messages.passwordLength)], confirm: [] }, values);
  if (!errors.password && values.confirm !== values.password) errors.confirm = MISMATCH;
  return errors;
}

/** The new password, twice; once set, sign-in says so. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Values>({ password: '', confirm: '' });
  const [submitted, setSubmitted] = useState(false);
  const reset = useResetPassword({
    onSuccess: () => {
      signInNotice.value = { kind: 'success', text: 'Your new password is set. Sign in with it to continue.' };
      navigate(paths.auth.signIn);
    },
  });
  const errors = submitted ? check(values) : {};
  const pending = reset.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(check(values))) return;
    reset.mutate({ token, newPassword: values.password });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {reset.isError ? <Alert>{getErrorMessage(reset.error, 'Failed to set the password. Please try again.')}</Alert> : null}
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={values.password}
        onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
        error={errors.password}
        disabled={pending}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(event) => setValues((v) => ({ ...v, confirm: event.target.value }))}
        error={errors.confirm}
        disabled={pending}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
