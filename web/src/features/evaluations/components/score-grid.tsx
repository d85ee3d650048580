import { useEffect, useId, useRef, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SideScroller } from '@/components/ui/side-scroller';
import { inputClasses } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { Evaluation, EvaluationVendor, Scorecard, ScoreInput } from '@/lib/api/types';

import { useScorecards } from '../api/get-scorecard';
import { useSubmitScorecard } from '../api/submit-scorecard';

/** The 1-5 scale in words, so two people mean the same by a 4 (issue 78). */
const SCORE_OPTIONS = [
  { value: '1', label: '1 Poor' },
  { value: '2', label: '2 Fair' },
  { value: '3', label: '3 Good' },
  { value: '4', label: '4 Very good' },
  { value: '5', label: '5 Excellent' },
  { value: 'none', label: 'Did not see' },
] as const;

type ScoreValue = (typeof SCORE_OPTIONS)[number]['value'];
type Cell = { score?: ScoreValue; comment: string };
/** criterion id -> the person's entry, for one vendor. */
type Column = Record<string, Cell>;

function columnOf(card: Scorecard): Column {
  return Object.fromEntries(
    card.scores.map((s) => [s.criterionId, { score: (s.score == null ? 'none' : String(s.score)) as ScoreValue, comment: s.comment }]),
  );
}

function body(criteria: Evaluation['criteria']['criteria'], column: Column): ScoreInput[] {
  return criteria.flatMap((c) => {
    const entry = column[c.id];
    if (!entry?.score) return [];
    return [{ criterionId: c.id, score: entry.score === 'none' ? null : Number(entry.score), comment: entry.comment }];
  });
}

/**
 * The caller's scores for every vendor of the round on one screen: criteria as rows, vendors as
 * columns, a comment per cell folded until asked for. Each vendor's column is submitted on its
 * own (a vendor is often scored the day of its demo); a submitted column, once changed, is
 * submitted again. On a phone the criteria stay in place while the vendors scroll beside them.
 */
export function ScoreGrid({ categoryId, evaluation }: { categoryId: string; evaluation: Evaluation }) {
  const criteria = evaluation.criteria.criteria;
  const vendors = evaluation.vendors;
  const headingId = useId();
  const foot = useRef<HTMLTableRowElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** The Submit button just pressed, until it leaves the grid (it becomes "Submitted"). */
  const pressed = useRef<Element | null>(null);
  // The keyboard's place moves on to the next column still to submit, or to the grid's heading,
  // never to the top of the page: once the pressed button has left, whenever the render that
  // removes it comes (the answer and the refetch land in either order on a slow machine).
  useEffect(() => {
    const was = pressed.current;
    if (!was) return;
    const active = document.activeElement;
    if (active === was && was !== document.body && was.isConnected) return;
    pressed.current = null;
    if (!active || active === document.body) (foot.current?.querySelector('button') ?? heading.current)?.focus();
  });
  /** The columns the person changed since they were loaded or submitted: theirs until submitted. */
  const [edits, setEdits] = useState<Record<number, Column>>({});
  const [commenting, setCommenting] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<string | null>(null);
  const submit = useSubmitScorecard(categoryId);

  // An unchanged column shows what the person saved (a draft, or the submitted scorecard to revise).
  const withCards = vendors.filter((v) => v.myScorecard !== 'none');
  const cards = useScorecards(
    categoryId,
    withCards.map((v) => v.vendorId),
  );
  const saved = new Map(withCards.map((v, i) => [v.vendorId, cards[i]]));
  const columnFor = (vendorId: number): Column => {
    const card = saved.get(vendorId)?.data;
    return edits[vendorId] ?? (card ? columnOf(card) : {});
  };
  /** A column still loading is not changed: a change would drop what is saved. */
  const loading = (vendorId: number) => saved.get(vendorId)?.isPending === true;

  const change = (vendorId: number, criterionId: string, cell: Partial<Cell>) => {
    const column = columnFor(vendorId);
    const was = column[criterionId] ?? { comment: '' };
    setEdits((current) => ({ ...current, [vendorId]: { ...column, [criterionId]: { ...was, ...cell } } }));
  };

  const submitColumn = (vendor: EvaluationVendor) => {
    setFailed(null);
    submit.mutate(
      { vendorId: vendor.vendorId, scores: body(criteria, columnFor(vendor.vendorId)) },
      {
        // The submitted card is now the saved one (the mutation put it in the cache).
        onSuccess: () => {
          pressed.current = document.activeElement;
          setEdits((current) => {
            const next = { ...current };
            delete next[vendor.vendorId];
            return next;
          });
        },
        onError: (error) => setFailed(`${vendor.vendorName}: ${getErrorMessage(error, 'The scorecard could not be saved. Try again.')}`),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Your scores
      </h2>
      <p className="text-sm text-slate-600">
        Score each vendor after its demo, then submit its column: every criterion needs a score or &ldquo;Did not see&rdquo;.
      </p>
      <SideScroller label="Your scores table">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your scores, criteria by vendor</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="sticky left-0 z-10 bg-white py-2 pr-3 font-medium">
                Criterion
              </th>
              {vendors.map((v) => (
                <th key={v.vendorId} scope="col" className="min-w-40 px-2 py-2 align-bottom font-medium text-slate-900">
                  {v.vendorName}
                  {v.incumbent ? <span className="block text-xs font-normal text-slate-600">Current tool</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {criteria.map((c) => (
              <tr key={c.id} className="align-top">
                <th scope="row" className="sticky left-0 z-10 max-w-36 bg-white py-2 pr-3 font-medium text-slate-900">
                  {c.name}
                  <span className="block text-xs font-normal text-slate-600">weight {c.weight}</span>
                </th>
                {vendors.map((v) => {
                  const cell = columnFor(v.vendorId)[c.id];
                  const key = `${v.vendorId}/${c.id}`;
                  const where = `${c.name} for ${v.vendorName}`;
                  return (
                    <td key={v.vendorId} className="space-y-1 px-2 py-2">
                      <select
                        aria-label={where}
                        className={cn(inputClasses, 'h-9 border-slate-300 pr-8')}
                        value={cell?.score ?? ''}
                        disabled={loading(v.vendorId)}
                        onChange={(e) => change(v.vendorId, c.id, { score: (e.target.value || undefined) as ScoreValue | undefined })}
                      >
                        <option value="">Not scored</option>
                        {SCORE_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                      {/* Folded until asked for, or open when it holds a comment: a grid of choices,
                          not of empty boxes. */}
                      {commenting.has(key) || cell?.comment ? (
                        <textarea
                          aria-label={`Comment on ${where}`}
                          className={cn(inputClasses, 'border-slate-300')}
                          rows={2}
                          maxLength={1000}
                          value={cell?.comment ?? ''}
                          autoFocus={commenting.has(key) && !cell?.comment}
                          onChange={(e) => change(v.vendorId, c.id, { comment: e.target.value })}
                        />
                      ) : (
                        <button
                          type="button"
                          className="min-h-6 rounded text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                          aria-label={`Add a comment on ${where}`}
                          onClick={() => setCommenting((current) => new Set(current).add(key))}
                        >
                          Add a comment
                        </button>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr ref={foot} className="border-t border-slate-200">
              <th scope="row" className="sticky left-0 z-10 bg-white py-2 pr-3 font-medium text-slate-600">
                Scorecard
              </th>
              {vendors.map((v) => (
                <td key={v.vendorId} className="px-2 py-2">
                  {v.myScorecard === 'submitted' && !(v.vendorId in edits) ? (
                    <span className="text-slate-600">Submitted</span>
                  ) : (
                    <Button
                      type="button"
                      aria-label={`Submit scorecard for ${v.vendorName}`}
                      disabled={submit.isPending || loading(v.vendorId)}
                      onClick={() => submitColumn(v)}
                    >
                      {v.myScorecard === 'submitted' ? 'Submit changes' : 'Submit'}
                    </Button>
                  )}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </SideScroller>
      {failed ? <Alert>{failed}</Alert> : null}
    </section>
  );
}
