import { useId, useState } from 'react';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DemoOutcomeQuestions } from '@/components/vendor-card/demo-outcome-questions';
import { useRemoveFromShortlist } from '@/components/vendor-card/use-remove-from-shortlist';
import { NeedsMetList } from '@/components/vendor-card/needs-met-list';
import { CardFacts } from '@/components/vendor-facts/card-facts';
import { vendorProfilePath } from '@/config/links';
import { DemoRequestStatus } from '@/components/demo-request/demo-request-status';
import { getErrorMessage } from '@/lib/api-client';
import type { ShortlistEntry } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';
import { countOf } from '@/lib/format';

import { formatDay } from './format';
import { LetterTile } from './letter-tile';
import { NoteField } from './note-field';
import { StatusField } from './status-field';

/**
 * One shortlisted vendor: basics, why it was recommended, status, note, history, outcome. A viewer
 * reads the status and the note as text, with no control to change them. Remove asks first, and
 * the toast after it offers Undo.
 */
export function ShortlistEntryCard({ entry }: { entry: ShortlistEntry }) {
  const titleId = useId();
  const { canWrite } = useFirmAccess();
  const { removeWithUndo, removal } = useRemoveFromShortlist();
  const [asking, setAsking] = useState(false);
  const reason = entry.recommendation?.reasons[0];
  const noted = entry.note.trim() !== '';

  const close = () => {
    setAsking(false);
    removal.reset();
  };
  // The card leaves the page with the entry; the dialog closes first.
  const onRemove = () => removeWithUndo(entry.vendorId, entry.vendorName).then(close, () => undefined);

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <LetterTile name={entry.vendorName} />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={titleId} className="font-semibold break-words text-slate-900">
            {entry.vendorName}
          </h3>
          <CardFacts facts={entry.facts} priceBracket={entry.priceBracket} />
        </div>
      </div>
      {entry.description ? <p className="line-clamp-2 text-sm text-slate-600">{entry.description}</p> : null}
      {reason && entry.recommendation ? (
        <div className="rounded-lg border border-emerald-100 bg-emerald-50 px-3 py-2 text-sm">
          <p className="font-medium text-emerald-900">Why recommended ({formatDay(entry.recommendation.recommendedAt)}):</p>
          <p className="text-emerald-800">{reason}</p>
          <NeedsMetList needs={entry.recommendation.needsMet} className="text-emerald-800" />
          {entry.now?.reasons[0] ? (
            <p className="mt-1 text-emerald-800">
              <span className="font-medium text-emerald-900">Now ({formatDay(entry.now.recommendedAt)}):</span> {entry.now.reasons[0]}
            </p>
          ) : null}
        </div>
      ) : entry.now?.reasons[0] ? (
        <div className="rounded-lg border border-emerald-100 bg-emerald-50 px-3 py-2 text-sm">
          <p className="font-medium text-emerald-900">Now recommended ({formatDay(entry.now.recommendedAt)}):</p>
          <p className="text-emerald-800">{entry.now.reasons[0]}</p>
          <NeedsMetList needs={entry.now.needsMet} className="text-emerald-800" />
        </div>
      ) : null}
      <DemoRequestStatus vendorId={entry.vendorId} />
      <div id={`outcome-${entry.vendorId}`} tabIndex={-1} className="scroll-mt-6 focus:outline-none">
        <DemoOutcomeQuestions vendorId={entry.vendorId} />
      </div>
      {canWrite ? (
        <>
          <StatusField entry={entry} />
          <NoteField vendorId={entry.vendorId} vendorName={entry.vendorName} initial={entry.note} />
        </>
      ) : (
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-medium text-slate-700">Status</dt>
            <dd className="text-slate-900">
              {entry.shownStatus}
              {entry.status === 'Rejected' && entry.rejectReason ? ` (${entry.rejectReason})` : null}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-700">Note</dt>
            <dd className="break-words whitespace-pre-wrap text-slate-900">
              {entry.note || <span className="text-slate-500">No note</span>}
            </dd>
          </div>
        </dl>
      )}
      {entry.noteBy && entry.noteAt ? (
        <p className="-mt-3 text-xs text-slate-600">
          Note last changed by {entry.noteBy} on <time dateTime={entry.noteAt}>{formatDay(entry.noteAt)}</time>
        </p>
      ) : null}
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer rounded font-medium focus-visible:outline-2 focus-visible:outline-indigo-600">
          Status history
        </summary>
        <ol className="mt-2 space-y-1">
          {entry.history.map((h, i) => (
            <li key={i}>
              {i === entry.history.length - 1 && entry.shownStatus !== entry.status ? `${h.status} (${entry.shownStatus})` : h.status} ·{' '}
              <time dateTime={h.at}>{formatDay(h.at)}</time>
              {h.by ? ` · ${h.by}` : ''}
            </li>
          ))}
        </ol>
      </details>
      <div className="mt-auto flex flex-wrap gap-2">
        <Link href={vendorProfilePath(entry.vendorId)} className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
          View {entry.vendorName}'s profile
        </Link>
        {canWrite ? (
          <Button size="sm" variant="ghost" className="ml-auto" onClick={() => setAsking(true)}>
            Remove from shortlist
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (open ? setAsking(true) : close())}
        title={`Remove ${entry.vendorName} from the shortlist?`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        destructive
        pending={removal.isPending}
        error={removal.isError ? getErrorMessage(removal.error, 'Failed to update the shortlist. Please try again.') : null}
        onConfirm={() => void onRemove()}
      >
        <p>
          Its status ({entry.shownStatus}), {noted ? 'note, ' : ''}status history of {countOf(entry.history.length, 'change')} and demo
          outcome go with it. Right after, Undo in the message that follows puts it all back.
        </p>
      </ConfirmDialog>
    </article>
  );
}
