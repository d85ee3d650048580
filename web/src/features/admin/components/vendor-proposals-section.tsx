import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useVendorProposals } from '../api/get-vendor-proposals';
import { AdminSection } from './admin-section';
import { VendorProposalsDecided } from './vendor-proposals-decided';
import { VendorProposalsOpen } from './vendor-proposals-open';

/**
 * "Proposals from vendors" on Manage Vendors: what the people who keep a listing asked to change,
 * waiting for the operator's decision, and the last decided. Firms see none of it until approved.
 */
export function VendorProposalsSection() {
  const queue = useVendorProposals();
  const data = queue.data;
  return (
    <div id="vendor-proposals" className="scroll-mt-6">
      <AdminSection title="Proposals from vendors">
        {queue.error ? (
          <Alert>{getErrorMessage(queue.error, 'Failed to load the proposals from vendors. Please try again.')}</Alert>
        ) : !data ? (
          <Spinner label="Loading proposals..." />
        ) : (
          <div className="space-y-5">
            <VendorProposalsOpen proposals={data.open} />
            {data.decided.length > 0 ? <VendorProposalsDecided proposals={data.decided} /> : null}
          </div>
        )}
      </AdminSection>
    </div>
  );
}
