import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useFirmAccess } from '@/lib/auth';
import type { OutcomeChange, ShortlistEntry } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { queryKeys } from '@/lib/query-keys';
import { findEntry, useShortlist, useShortlistMutations } from '@/lib/shortlist';
import { addAsPrimaryTool } from '@/lib/tech-stack';

/**
 * The questions about a vendor on the shortlist. After a member opened its scheduler: "You opened
 * X's scheduler on DATE. Did you book a demo?" (Yes asks the demo's date and sets Demo booked; No,
 * for an entry a click once marked Demo booked, sets it back to Considering; Not yet). After a
 * booked demo: "Did the demo happen?" (Yes / No / Not yet), after Yes "Did you choose it?", and
 * 90 days after Chosen "How satisfied are you, 1-5?". The server says which to ask; "Not yet"
 * hides the question until next time. Not asked of a viewer, who cannot answer for the firm.
 */
export function DemoOutcomeQuestions({ vendorId }: { vendorId: number }) {
  const { canWrite } = useFirmAccess();
  return canWrite ? <OutcomeQuestions vendorId={vendorId} /> : null;
}

function OutcomeQuestions({ vendorId }: { vendorId: number }) {
  const shortlist = useShortlist();
  const { outcome } = useShortlistMutations();
  const [later, setLater] = useState(false);
  // After "Did you choose it?" Yes: offer to put the vendor in the tech stack.
  const [offerStack, setOfferStack] = useState(false);
  const headingId = useId();
  const entry = findEntry(shortlist.data, vendorId);
  if (!entry) return null;
  if (offerStack)
    return (
      <AddToStackOffer
        vendorId={vendorId}
        vendorName={entry.vendorName}
        categoryId={entry.categoryId}
        onDone={() => setOfferStack(false)}
      />
    );
  if (later) return null;

  const answer = (change: OutcomeChange) =>
    outcome.mutate(
      { vendorId, change },
      {
        onSuccess: () => {
          if (change.chosen === true) setOfferStack(true);
        },
        onError: (error) =>
          toast({ title: 'Error', description: getErrorMessage(error, 'Failed to save your answer'), variant: 'destructive' }),
      },
    );

  if (entry.asks.demoBooked && entry.schedulerOpenedOn) {
    return <DemoBookedQuestion entry={entry} onLater={() => setLater(true)} />;
  }

  let question: string;
  let choices: { label: string; change?: OutcomeChange }[];
  if (entry.asks.demoHappened) {
    question = 'Did the demo happen?';
    choices = [{ label: 'Yes', change: { demoHeld: true } }, { label: 'No', change: { demoHeld: false } }, { label: 'Not yet' }];
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

/** "You opened X's scheduler on DATE. Did you book a demo?": a click is not a booking until said. */
function DemoBookedQuestion({ entry, onLater }: { entry: ShortlistEntry; onLater: () => void }) {
  const { put } = useShortlistMutations();
  const headingId = useId();
  const [asking, setAsking] = useState(false);
  const [day, setDay] = useState(today());
  const [error, setError] = useState<string | undefined>();
  const fail = (e: unknown) => setError(getErrorMessage(e, 'Failed to save your answer'));
  const yes = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError('Choose the day of the demo');
    put.mutate({ vendorId: entry.vendorId, change: { status: 'Demo booked', demoDate: day } }, { onError: fail });
  };
  // Only an entry a click marked Demo booked has a status to take back.
  const no = () => put.mutate({ vendorId: entry.vendorId, change: { status: 'Considering' } }, { onError: fail });
  const byClick = entry.shownStatus === 'Scheduler opened';
  return (
    <div role="group" aria-labelledby={headingId} className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2">
      <p id={headingId} className="text-sm font-medium text-amber-950">
        You opened {entry.vendorName}'s scheduler on {formatDate(entry.schedulerOpenedOn)}. Did you book a demo?
      </p>
      {asking ? (
        <form
          className="mt-2 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            yes();
          }}
        >
          <TextField type="date" label="Day of the demo" value={day} error={error} onChange={(e) => setDay(e.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={put.isPending}>
              Save: demo booked
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" variant="outline" disabled={put.isPending} onClick={() => setAsking(true)}>
              Yes
            </Button>
            {byClick ? (
              <Button size="sm" variant="outline" disabled={put.isPending} onClick={no}>
                No
              </Button>
            ) : null}
            <Button size="sm" variant="outline" disabled={put.isPending} onClick={onLater}>
              Not yet
            </Button>
          </div>
          {error ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

/** Today in UTC, YYYY-MM-DD: the date field's first value. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** "Add {vendor} to your tech stack?": the chosen vendor as its category's primary tool. */
function AddToStackOffer({
  vendorId,
  vendorName,
  categoryId,
  onDone,
}: {
  vendorId: number;
  vendorName: string;
  categoryId: number;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [saving, setSaving] = useState(false);
  const add = () => {
    setSaving(true);
    addAsPrimaryTool(categoryId, vendorId)
      .then(() => {
        toast({ title: 'Tech stack updated', description: `${vendorName} is now your firm's main tool in its category.` });
        void queryClient.invalidateQueries({ queryKey: queryKeys.techStack });
        void queryClient.invalidateQueries({ queryKey: queryKeys.coverage });
        void queryClient.invalidateQueries({ queryKey: queryKeys.recommendationsOverview });
        onDone();
      })
      .catch((error: unknown) => {
        setSaving(false);
        toast({ title: 'Error', description: getErrorMessage(error, 'Failed to update the tech stack'), variant: 'destructive' });
      });
  };
  return (
    <div role="group" aria-labelledby={headingId} className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2">
      <p id={headingId} className="text-sm font-medium text-emerald-950">
        Add {vendorName} to your tech stack as the main tool for its category?
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" disabled={saving} onClick={add}>
          Add to tech stack
        </Button>
        <Button size="sm" variant="outline" disabled={saving} onClick={onDone}>
          Not now
        </Button>
      </div>
    </div>
  );
}
