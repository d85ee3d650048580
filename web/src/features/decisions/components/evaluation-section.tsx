import type { EvaluationRecord } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

import { RecordSection } from './record-section';
import { VendorScores } from './vendor-scores';

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
    <RecordSection id="record-evaluation" title="Evaluation">
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
    </RecordSection>
  );
}
