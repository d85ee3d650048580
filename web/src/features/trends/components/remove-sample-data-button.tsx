import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';

import { useRemoveSampleBookings } from '../api/remove-sample-bookings';

/** "Remove sample data" (admins): asks first, since the generated set never comes back. */
export function RemoveSampleDataButton() {
  const [open, setOpen] = useState(false);
  const removal = useRemoveSampleBookings({
    onRemoved: () => {
      setOpen(false);
      toast({ title: 'Sample data removed', description: 'The trends now count real bookings only.' });
    },
  });

  const onOpenChange = (next: boolean) => {
    if (removal.isPending) return;
    setOpen(next);
    if (!next) removal.reset();
  };
  const confirm = () => removal.mutate();

  return (
    <>
      <Button variant="outline" onClick={() => onOpenChange(true)}>
        Remove sample data
      </Button>
      <Modal
        open={open}
        onOpenChange={onOpenChange}
        title="Remove sample data?"
        description="Every generated sample booking is deleted for good; imported bookings stay. The sample set is not loaded again."
        footer={
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={removal.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={removal.isPending}>
              {removal.isPending ? 'Removing...' : 'Remove sample data'}
            </Button>
          </>
        }
      >
        {removal.isError ? (
          <Alert>{getErrorMessage(removal.error, 'Could not remove the sample data. Please try again.')}</Alert>
        ) : (
          <p className="text-sm text-slate-700">
            The dashboard then shows imported bookings only, and is empty until bookings are imported.
          </p>
        )}
      </Modal>
    </>
  );
}
