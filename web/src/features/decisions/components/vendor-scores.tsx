import { SideScroller } from '@/components/ui/side-scroller';
import type { EvaluationRecord, EvaluationRecordVendor } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

function criterionName(evaluation: EvaluationRecord, id: string) {
  return evaluation.criteria.find((c) => c.id === id)?.name ?? id;
}

/** One vendor in the record: its weighted score, the criteria people disagree on, every scorecard and its reference checks. */
export function VendorScores({ evaluation, vendor }: { evaluation: EvaluationRecord; vendor: EvaluationRecordVendor }) {
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
        <SideScroller label={`Scorecards of ${vendor.vendorName}`}>
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
        </SideScroller>
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
