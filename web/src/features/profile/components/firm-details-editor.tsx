import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { FirmDetails } from '@/lib/api/types';

import { useSaveFirmDetails } from '../api/save-firm-details';

import { FirmDetailsFields, isComplete, type FirmDetailsDraft } from './firm-details-fields';

/** The firm's answers as a form, for those who manage the firm. */
export function FirmDetailsEditor({ details }: { details: FirmDetails | null }) {
  const [draft, setDraft] = useState<FirmDetailsDraft>(details ?? {});
  const save = useSaveFirmDetails({
    onSuccess: () => toast({ title: 'Firm details updated', description: 'Your firm information has been saved successfully.' }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: getErrorMessage(error, 'Failed to update firm details. Please try again.'),
        variant: 'destructive',
      }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isComplete(draft)) save.mutate(draft);
  };

  return (
    <form onSubmit={onSubmit} className="space-y-6">
      <FirmDetailsFields value={draft} onChange={setDraft} disabled={save.isPending} />
      <div className="flex justify-end">
        <Button type="submit" disabled={!isComplete(draft) || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Firm Details'}
        </Button>
      </div>
    </form>
  );
}
