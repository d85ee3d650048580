import { useId } from 'react';

import type { Evaluation, EvaluationVendor } from '@/lib/api/types';

import { HiddenScores } from './hidden-scores';
import { References } from './references';
import { Scores } from './scores';

/** One vendor of the round: the scores (or why they are hidden) and the reference checks. */
export function VendorSection({
  categoryId,
  evaluation,
  vendor,
}: {
  categoryId: string;
  evaluation: Evaluation;
  vendor: EvaluationVendor;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {vendor.vendorName}
        {vendor.incumbent ? <span className="ml-2 text-sm font-normal text-slate-600">(current tool: the baseline to beat)</span> : null}
      </h2>
      {vendor.scoresVisible ? <Scores vendor={vendor} /> : <HiddenScores vendor={vendor} />}
      <References categoryId={categoryId} evaluation={evaluation} vendor={vendor} />
    </section>
  );
}
