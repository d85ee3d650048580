import type { EvaluationVendor } from '@/lib/api/types';

/**
 * Scores the caller may not see yet: why, how many are in, and — for an approver who has not
 * scored — the weighted total (from two scorecards) and the criteria people disagree on.
 */
export function HiddenScores({ vendor }: { vendor: EvaluationVendor }) {
  const flagged = vendor.criteria.filter((c) => c.flag);
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>
        {vendor.hiddenNote} ({vendor.submittedCount} submitted so far)
      </p>
      {vendor.weightedScore != null ? <p className="font-semibold text-slate-900">Weighted score: {vendor.weightedScore} of 100</p> : null}
      {flagged.length > 0 ? (
        <p className="font-semibold text-amber-800">
          {flagged[0]?.flag}: {flagged.map((c) => c.name).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
