import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { FirmDetails } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';
import { firmDetailQuestions } from '@/lib/firm-options';

import { useSaveFirmDetails } from '../api/save-firm-details';

import { FirmDetailsFields, isComplete, type FirmDetailsDraft } from './firm-details-fields';

/**
 * The four onboarding answers, the firm's: editable by its owners and admins, shown as text to
 * everyone else (the server refuses their change).
 */
export function FirmDetailsForm({ details }: { details: FirmDetails | null }) {
  const { canManage } = useFirmAccess();
  return canManage ? <FirmDetailsEditor details={details} /> : <FirmDetailsText details={details} />;
}

function FirmDetailsText({ details }: { details: FirmDetails | null }) {
  return (
    <div className="space-y-4">
      <dl className="space-y-3 text-sm">
        {firmDetailQuestions.map((question) => {
          const code = details?.[question.field];
          const label = question.options.find((option) => option.value === code)?.label;
          return (
            <div key={question.field}>
              <dt className="font-medium text-slate-700">{question.prompt}</dt>
              <dd className="text-slate-900">{label ?? <span className="text-slate-500">Not answered yet</span>}</dd>
            </div>
          );
        })}
      </dl>
      <p className="text-sm text-slate-600">Only the firm’s owners and admins can change these answers.</p>
    </div>
  );
}

function FirmDetailsEditor({ details }: { details: FirmDetails | null }) {
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
