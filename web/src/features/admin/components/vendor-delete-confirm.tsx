import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { Vendor } from '@/lib/api/types';

import { useDeleteVendor } from '../api/delete-vendor';

type VendorDeleteConfirmProps = {
  vendor: Vendor;
  /** Back to the vendor's edit form. */
  onBack: () => void;
  onDone: () => void;
};

/**
 * "Delete {vendor}?": the server refuses (409) while anything refers to the vendor, and its
 * message, naming what does, is shown here as it is.
 */
export function VendorDeleteConfirm({ vendor, onBack, onDone }: VendorDeleteConfirmProps) {
  const remove = useDeleteVendor();
  const confirm = () =>
    remove.mutate(vendor.id, {
      onSuccess: () => {
        toast({ title: 'Vendor deleted', description: `${vendor.name} is gone from the directory.` });
        onDone();
      },
    });
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onDone())}
      title={`Delete ${vendor.name}?`}
      description={vendor.categoryLabel}
      footer={
        <>
          <Button variant="outline" onClick={onBack} disabled={remove.isPending}>
            Back
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending} aria-busy={remove.isPending || undefined}>
            {remove.isPending ? 'Deleting...' : 'Delete vendor'}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        {remove.error ? <Alert>{getErrorMessage(remove.error, 'The vendor could not be deleted. Please try again.')}</Alert> : null}
        <p>
          {vendor.name} is removed from the directory for every firm. This cannot be undone. A vendor that any firm’s tech stack, shortlist,
          evaluations, decisions, picks, dismissals, past recommendations, meeting clicks or imported bookings name cannot be deleted: merge
          it into the vendor it duplicates, or make it inactive.
        </p>
      </div>
    </Modal>
  );
}
