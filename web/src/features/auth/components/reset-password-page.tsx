import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';

import { INCOMPLETE_LINK } from '../link-token';
import { useLinkToken } from '../use-link-token';

import { AuthLayout } from '@/components/auth-layout';
import { ResetPasswordForm } from './reset-password-form';

/**
 * /reset-password#<token>: a one-time link from an owner, an admin or the operator. Sets a new
 * password (every session of the account ends) and sends the person to sign in with it.
 */
export function ResetPasswordPage() {
  const token = useLinkToken();
  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a new password for your Litstack account. Every place it is signed in is signed out."
      footer={
        <Link href={paths.auth.signIn} className="font-medium text-indigo-700 hover:text-indigo-800 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {token ? <ResetPasswordForm key={token} token={token} /> : <Alert>{INCOMPLETE_LINK}</Alert>}
    </AuthLayout>
  );
}
