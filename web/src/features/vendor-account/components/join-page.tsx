import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useVendorLink } from '../api/check-link';
import { vendorErrorMessage } from '../api/vendor-call';
import { INCOMPLETE_LINK, useLinkToken } from '../use-link-token';

import { JoinForm } from './join-form';
import { TextLink } from './text-link';
import { AuthLayout } from '@/components/auth-layout';
import { VENDOR_TAGLINE } from '../tagline';

const signInFooter = (
  <p>
    Have a vendor account already? <TextLink href={paths.vendor.signIn}>Sign in</TextLink>
  </p>
);

/**
 * /vendor/join#<token>: the link an invitation or a claim mailed. Shows the listing and the
 * address it is for, then asks a name and a password; the account is made and signed in.
 */
export function JoinPage() {
  const token = useLinkToken();
  const link = useVendorLink(token);

  if (!token) {
    return (
      <AuthLayout
        tagline={VENDOR_TAGLINE}
        title="Keep your listing"
        subtitle="A link from your email lets you keep your company’s listing."
        footer={signInFooter}
      >
        <Alert>{INCOMPLETE_LINK}</Alert>
      </AuthLayout>
    );
  }
  if (link.isError) {
    return (
      <AuthLayout
        tagline={VENDOR_TAGLINE}
        title="This link cannot be used"
        subtitle="A link works once and for 7 days."
        footer={signInFooter}
      >
        <Alert>{vendorErrorMessage(link.error, 'Failed to read the link. Please try again.')}</Alert>
      </AuthLayout>
    );
  }
  if (!link.data) {
    return (
      <AuthLayout tagline={VENDOR_TAGLINE} title="Keep your listing" subtitle="Reading your link..." footer={signInFooter}>
        <div className="py-6 text-center">
          <Spinner label="Checking the link..." />
        </div>
      </AuthLayout>
    );
  }
  return <JoinForm key={token} token={token} link={link.data} footer={signInFooter} />;
}
