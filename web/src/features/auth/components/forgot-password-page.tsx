import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { isValidEmail } from '@/lib/validation';

import { useRequestPasswordReset } from '../api/forgot-password';
import { messages } from '../validation';

import { AuthLayout } from '@/components/auth-layout';

/**
 * /auth/forgot-password: an email in, a reset link mailed out. The page shows the server's answer,
 * which is the same whether or not an account uses the email; the link opens /reset-password.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const request = useRequestPasswordReset();
  const emailError = submitted && !isValidEmail(email) ? messages.email : undefined;
  const pending = request.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!isValidEmail(email)) return;
    request.mutate({ email: email.trim() });
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you sign in with. If it has an account, we email it a link to set a new password."
      footer={
        <Link href={paths.auth.signIn} className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Ask for a reset link" className="space-y-4">
        {request.isSuccess ? (
          <Notice tone="success">
            <p>{request.data.message}</p>
            <p className="mt-1">Nothing arrived? Look in your spam folder, or ask your firm&apos;s owner or admin for a reset link.</p>
          </Notice>
        ) : null}
        {request.isError ? <Alert>{getErrorMessage(request.error, 'Failed to ask for a reset link. Please try again.')}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@yourfirm.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
          disabled={pending}
        />
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
