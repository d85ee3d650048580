import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { firmAccess, useUser } from '@/lib/auth';

import { useOnboardingStatus } from '../api/get-onboarding';
import { useSaveFirmDetails } from '../api/save-firm-details';

import { FirmDetailsFields, isComplete, type FirmDetailsDraft } from './firm-details-fields';

/**
 * Asks a new user about their firm, over whatever screen they are on, until they answer.
 * It cannot be dismissed: there is no close button and Escape or a click outside do nothing.
 */
export function OnboardingModal() {
  const me = useUser();
  const status = useOnboardingStatus({ enabled: Boolean(me.data) });
  const [draft, setDraft] = useState<FirmDetailsDraft>({});
  const save = useSaveFirmDetails({
    onSuccess: () => {
      setDraft({});
      toast({ title: 'Welcome aboard!', description: 'Your profile has been set up successfully.' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: getErrorMessage(error, 'Failed to save your information. Please try again.'),
        variant: 'destructive',
      }),
  });

  // The firm's questions: asked of those who may answer them (owners and admins), never of a
  // member or viewer, whom the server would refuse.
  const open = status.data?.completed === false && firmAccess(me.data).canManage;
  const complete = isComplete(draft);

  return (
    <Modal
      open={open}
      dismissible={false}
      size="lg"
      title="Tell us about your firm"
      description="We use this info to personalize recommendations. It's not shown to vendors."
      footer={
        <Button
          size="lg"
          className="sm:min-w-32"
          disabled={!complete || save.isPending}
          onClick={() => {
            if (isComplete(draft)) save.mutate(draft);
          }}
        >
          {save.isPending ? 'Saving...' : 'Continue'}
        </Button>
      }
    >
      <FirmDetailsFields value={draft} onChange={setDraft} disabled={save.isPending} />
    </Modal>
  );
}
