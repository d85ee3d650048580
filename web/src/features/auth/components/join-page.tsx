import { Alert } from '@/components/ui/alert';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';

import { useInvitation } from '../api/get-invitation';
import { INCOMPLETE_LINK } from '../link-token';
import { useLinkToken } from '../use-link-token';

import { AuthLayout } from '@/components/auth-layout';
import { JoinForm } from './join-form';
import { SignInLink } from './sign-in-link';
import { SignedInAlready } from './signed-in-already';

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
      <AuthLayout title="Join your firm" subtitle="An invitation link lets you join your firm on Litstack." footer={<SignInLink />}>
        <Alert>{INCOMPLETE_LINK}</Alert>
      </AuthLayout>
    );
  }
  if (invitation.isError) {
    return (
      <AuthLayout title="This invitation cannot be used" subtitle="Invitation links work once and for 7 days." footer={<SignInLink />}>
        <Alert>{getErrorMessage(invitation.error, 'Failed to read the invitation. Please try again.')}</Alert>
      </AuthLayout>
    );
  }
  if (!invitation.data) {
    return (
      <AuthLayout title="Join your firm" subtitle="Reading your invitation..." footer={<SignInLink />}>
        <div className="py-6 text-center">
          <Spinner label="Checking the invitation..." />
        </div>
      </AuthLayout>
    );
  }
  return <JoinForm key={token} token={token} invitation={invitation.data} />;
}
