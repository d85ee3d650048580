import type { ReactNode } from 'react';

import type { DecisionRecord, EvaluationRecord, EvaluationRecordVendor } from '@/lib/api/types';
import { formatDate } from '@/lib/format';
import { formatCents } from '@/lib/money';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 break-inside-avoid-page">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] print:grid-cols-[10rem_1fr]">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** The decision itself: chosen, runner-up, reasons, cost, start. */
export function DecisionFacts({ record }: { record: DecisionRecord }) {
  const d = record.decision;
  return (
    <Section id="record-decision" title="The decision">
      <dl className="space-y-2 text-sm">
        <Fact term="Chosen vendor">{d.chosen.name}</Fact>
        <Fact term="Runner-up">{d.runnerUp?.name ?? 'None'}</Fact>
        <Fact term="Reasons">
          <span className="whitespace-pre-wrap">{d.reasons}</span>
        </Fact>
        <Fact term="Annual cost">{formatCents(d.annualCost)}</Fact>
        <Fact term="Start date">{formatDate(d.startDate)}</Fact>
        <Fact term="Proposed">
          {d.proposedBy}, {formatDate(d.proposedAt)}
        </Fact>
      </dl>
    </Section>
  );
}

function criterionName(evaluation: EvaluationRecord, id: string) {
  return evaluation.criteria.find((c) => c.id === id)?.name ?? id;
}

function VendorScores({ evaluation, vendor }: { evaluation: EvaluationRecord; vendor: EvaluationRecordVendor }) {
  const headingId = `record-vendor-${vendor.vendorId}`;
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 p-3 print:rounded-none print:border-x-0 print:border-b-0 print:px-0">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {vendor.vendorName}
        {vendor.incumbent ? ' (current tool)' : ''}:{' '}
        {vendor.weightedScore != null ? `${vendor.weightedScore} of 100` : vendor.scoresHidden ? 'scores hidden for now' : 'not scored'}
      </h3>
      {vendor.disagreements.length > 0 ? (
        <p className="rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-900">
          Talk about this before deciding: {vendor.disagreements.map((c) => criterionName(evaluation, c)).join(', ')}
        </p>
      ) : null}
      {vendor.scorecards.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" aria-labelledby={headingId}>
            <thead>
              <tr className="text-slate-600">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Criterion
                </th>
                {vendor.scorecards.map((card) => (
                  <th key={card.by} scope="col" className="py-1 pr-3 font-medium">
                    {card.by}
                    {card.underOldCriteria ? ' (old criteria)' : ''}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {evaluation.criteria.map((c) => (
                <tr key={c.id} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-3 font-normal text-slate-800">
                    {c.name}
                  </th>
                  {vendor.scorecards.map((card) => {
                    const score = card.scores.find((s) => s.criterionId === c.id);
                    return (
                      <td key={card.by} className="py-1 pr-3 text-slate-900">
                        {score?.score ?? 'Did not see'}
                        {score?.comment ? <span className="block text-xs text-slate-600">{score.comment}</span> : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : vendor.scoresHidden ? (
        <p className="rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-700">{vendor.scoresHidden}</p>
      ) : (
        <p className="text-sm text-slate-600">No scorecard submitted.</p>
      )}
      {vendor.references.map((r, i) => (
        <div key={i} className="text-sm">
          <p className="font-medium text-slate-800">
            Reference: {r.firmCalled} ({r.firmSize}), {formatDate(r.date)}, by {r.by}
          </p>
          <dl className="ml-4 space-y-1">
            {r.questions.map((q, j) => (
              <div key={j}>
                <dt className="text-slate-700">{q.question}</dt>
                <dd className="text-slate-900">{q.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}

/**
 * The evaluation: criteria and weights, each vendor's scorecards, flags and references. For a
 * reader who may not see the scorecards yet (`scoresHidden`), the server leaves them out and
 * each vendor says why, never an empty table.
 */
export function EvaluationSection({
  evaluation,
  scoresHidden,
}: {
  evaluation: EvaluationRecord | null | undefined;
  scoresHidden?: string | null;
}) {
  return (
    <Section id="record-evaluation" title="Evaluation">
      {scoresHidden ? (
        <p role="note" className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800">
          {scoresHidden}
        </p>
      ) : null}
      {!evaluation ? (
        <p className="text-sm text-slate-600">The firm has not evaluated this category: no criteria or scorecards.</p>
      ) : (
        <>
          <div className="text-sm">
            <h3 className="font-semibold text-slate-800">Criteria and weights</h3>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {evaluation.criteria.map((c) => (
                <li key={c.id}>
                  {c.name}: <span className="font-medium">{c.weight}</span>
                </li>
              ))}
            </ul>
            {evaluation.criteriaChanges.map((change, i) => (
              <p key={i} className="mt-1 text-slate-600">
                Changed by {change.by}, {formatDate(change.at)}: {change.reason}
              </p>
            ))}
          </div>
          {evaluation.vendors.map((v) => (
            <VendorScores key={v.vendorId} evaluation={evaluation} vendor={v} />
          ))}
        </>
      )}
    </Section>
  );
}

/** The shortlist's history of the category's vendors. */
export function ShortlistHistory({ record }: { record: DecisionRecord }) {
  return (
    <Section id="record-shortlist" title="Shortlist history">
      {record.shortlist.length === 0 ? (
        <p className="text-sm text-slate-600">No vendor of the category is on the shortlist.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {record.shortlist.map((v) => (
            <li key={v.vendorId}>
              <span className="font-medium text-slate-900">{v.vendorName}</span>: {v.status}
              <span className="block text-slate-600">
                {v.history.map((h) => `${h.status} ${formatDate(h.at)}${h.by ? ` (${h.by})` : ''}`).join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
