import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { inputClasses, TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { ShortlistEntry, ShortlistStatus } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { MAX_REJECT_REASON, shortlistStatuses, useShortlistMutations } from '@/lib/shortlist';

import { DemoDateField } from './demo-date-field';

const SCHEDULER_OPENED = 'Scheduler opened';

/** The entry's status; choosing Rejected asks for a reason before it is saved. */
export function StatusField({ entry }: { entry: ShortlistEntry }) {
  const id = useId();
  const { put } = useShortlistMutations();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Demo booked only because a scheduler was opened: shown as what it is until someone says.
  const byClick = entry.shownStatus === SCHEDULER_OPENED;

  const save = (status: ShortlistStatus, rejectReason?: string) =>
    put.mutate(
      { vendorId: entry.vendorId, change: rejectReason === undefined ? { status } : { status, rejectReason } },
      {
        onSuccess: () => {
          setRejecting(false);
          setError(undefined);
        },
        onError: (e) => {
          const message = getErrorMessage(e, 'The status could not be saved');
          if (rejectReason !== undefined) setError(message);
          else toast({ title: 'Error', description: message, variant: 'destructive' });
        },
      },
    );

  const onChange = (status: ShortlistStatus) => {
    if (status === 'Rejected' && !entry.rejectReason) {
      setRejecting(true);
      return;
    }
    setRejecting(false);
    save(status);
  };

  const submitReason = () => {
    const trimmed = reason.trim();
    if (!trimmed) return setError('Say why the vendor was rejected');
    if (trimmed.length > MAX_REJECT_REASON) return setError('A reason can be at most 200 characters');
    save('Rejected', trimmed);
  };

  return (
    <div className="space-y-2">
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          Status of {entry.vendorName}
        </label>
        <select
          id={id}
          value={rejecting ? 'Rejected' : byClick ? SCHEDULER_OPENED : entry.status}
          disabled={put.isPending}
          onChange={(e) => onChange(e.target.value as ShortlistStatus)}
          className={cn(inputClasses, 'h-10 border-slate-300 pr-8')}
        >
          {byClick ? (
            <option value={SCHEDULER_OPENED} disabled>
              {SCHEDULER_OPENED}
            </option>
          ) : null}
          {shortlistStatuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {rejecting ? (
        <form
          className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            submitReason();
          }}
        >
          <TextField
            label="Why was it rejected?"
            value={reason}
            maxLength={MAX_REJECT_REASON + 50}
            error={error}
            hint="Up to 200 characters"
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={put.isPending}>
              Reject
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : entry.status === 'Demo booked' && !byClick ? (
        <DemoDateField entry={entry} />
      ) : entry.rejectReason && entry.status === 'Rejected' ? (
        <p className="text-sm text-slate-700">
          <span className="font-medium">Reason:</span> {entry.rejectReason}
        </p>
      ) : null}
    </div>
  );
}
