import { useParams } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-client';

import { useVendorEvidence } from '../api/get-vendor-evidence';
import { useVendorProfile } from '../api/get-vendor-profile';
import { VendorNotFound } from './vendor-not-found';
import { VendorProfileView } from './vendor-profile-view';

const VENDOR_ID = /^\d{1,19}$/;

/** /vendors/:id — everything Litstack knows about one vendor. The address is shareable. */
export function VendorProfilePage() {
  const { id = '' } = useParams<{ id: string }>();
  const valid = VENDOR_ID.test(id);
  const profile = useVendorProfile(id, { enabled: valid });
  // Asked for at once, beside the profile, so the figures do not wait for it.
  useVendorEvidence(id, { enabled: valid });

  if (!valid) return <VendorNotFound reason={`“${id}” is not a vendor id: vendor ids are whole numbers like 42.`} />;
  if (profile.isPending) {
    return (
      <div className="grid place-items-center py-24">
        <Spinner label="Loading vendor..." />
      </div>
    );
  }
  if (profile.isError) {
    const error = profile.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return <VendorNotFound reason={`${getErrorMessage(error, 'There is no such vendor')}.`} />;
    }
    return (
      <div className="space-y-4">
        <Alert>{getErrorMessage(error, 'Failed to load the vendor. Please try again.')}</Alert>
        <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <VendorProfileView id={id} profile={profile.data} />;
}
