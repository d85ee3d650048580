import { Spinner } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import { getErrorMessage } from '@/lib/api-client';

import { useVendorEvidence } from '../api/get-vendor-evidence';
import { EvidenceFigures } from './evidence-figures';

/**
 * What firms actually do with the vendor: real demo bookings (never sample data) by month, by
 * firm size and in the last 90 days by firms of the user's size, and peer adoption from saved
 * tech stacks. Every count under 5 reads "fewer than 5", as the server sends it.
 */
export function EvidenceSection({ vendorId }: { vendorId: string }) {
  const evidence = useVendorEvidence(vendorId);
  return (
    <section aria-labelledby="evidence-heading" className="space-y-4">
      <h2 id="evidence-heading" className="text-lg font-semibold text-slate-900">
        What firms do with this vendor
      </h2>
      {evidence.isPending ? (
        <Spinner label="Loading the figures..." size="sm" />
      ) : evidence.isError ? (
        <Alert>{getErrorMessage(evidence.error, 'Failed to load the figures.')}</Alert>
      ) : (
        <EvidenceFigures evidence={evidence.data} />
      )}
    </section>
  );
}
