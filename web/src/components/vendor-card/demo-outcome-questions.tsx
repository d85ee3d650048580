import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useFirmAccess } from '@/lib/auth';
import type { OutcomeChange } from '@/lib/api/types';
import { findEntry, useShortlist, useShortlistMutations } from '@/lib/shortlist';

/**
 * The questions after a booked demo, for a vendor on the shortlist: "Did the demo happen?"
 * (Yes / No / Not yet), after Yes "Did you choose it?", and 90 days after Chosen "How satisfied
 * are you, 1-5?". The server says which to ask; "Not yet" hides the question until next time.
 * Not asked of a viewer, who cannot answer for the firm.
 */
export function DemoOutcomeQuestions({ vendorId }: { vendorId: number }) {
  const { canWrite } = useFirmAccess();
  return canWrite ? <OutcomeQuestions vendorId={vendorId} /> : null;
}

function OutcomeQuestions({ vendorId }: { vendorId: number }) {
  const shortlist = useShortlist();
  const { outcome } = useShortlistMutations();
  const [later, setLater] = useState(false);
  const headingId = useId();
  const entry = findEntry(shortlist.data, vendorId);
  if (!entry || later) return null;

  const answer = (change: OutcomeChange) =>
    outcome.mutate(
      { vendorId, change },
      {
        onError: (error) =>
          toast({ title: 'Error', description: getErrorMessage(error, 'Failed to save your answer'), variant: 'destructive' }),
      },
    );

  let question: string;
  let choices: { label: string; change?: OutcomeChange }[];
  if (entry.asks.demoHappened) {
    question = 'Did the demo happen?';
    choices = [
      { label: 'Yes', change: { demoHeld: true } },
      { label: 'No', change: { demoHeld: false } },
      { label: 'Not yet' },
    ];
  } else if (entry.asks.chosen) {
    question = 'Did you choose it?';
    choices = [
      { label: 'Yes', change: { chosen: true } },
      { label: 'No', change: { chosen: false } },
    ];
  } else if (entry.asks.satisfaction) {
    question = 'How satisfied are you, 1-5?';
    choices = [1, 2, 3, 4, 5].map((n) => ({ label: String(n), change: { satisfaction: n } }));
  } else {
    return null;
  }

  return (
    <div role="group" aria-labelledby={headingId} className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2">
      <p id={headingId} className="text-sm font-medium text-amber-950">
        {question}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <Button
            key={choice.label}
            size="sm"
            variant="outline"
            disabled={outcome.isPending}
            onClick={() => (choice.change ? answer(choice.change) : setLater(true))}
          >
            {choice.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
