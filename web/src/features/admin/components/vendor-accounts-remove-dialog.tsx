import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';

import type { VendorAccount } from '../api/get-vendor-accounts';
import { useRemoveVendorAccount } from '../api/remove-vendor-account';

/** "Remove {name}’s vendor account?": mounted while open. */
export function VendorAccountsRemoveDialog({ account, onClose }: { account: VendorAccount; onClose: () => void }) {
  const remove = useRemoveVendorAccount();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Remove ${account.name}’s vendor account?`}
      confirmLabel="Remove account"
      pendingLabel="Removing..."
      pending={remove.isPending}
      destructive
      error={remove.isError ? getErrorMessage(remove.error, 'The account could not be removed. Please try again.') : null}
      onConfirm={() =>
        remove.mutate(account.id, {
          onSuccess: () => {
            toast({ title: 'Vendor account removed', description: `${account.name} no longer keeps ${account.vendorName}’s listing.` });
            onClose();
          },
        })
      }
    >
      <p>
        {account.name} ({account.email}) can no longer sign in or propose changes to {account.vendorName}’s listing, and is signed out
        everywhere. Their proposals stay: the open ones still wait for your decision. To give them access again, invite them.
      </p>
    </ConfirmDialog>
  );
}
