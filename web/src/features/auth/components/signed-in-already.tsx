import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import type { User } from '@/lib/api/types';

import { useSignOut } from '../api/sign-out';

import { AuthLayout } from '@/components/auth-layout';

/** Someone is signed in on this browser: joining needs a fresh account, so offer to sign out. */
export function SignedInAlready({ user }: { user: User }) {
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
