import { SideScroller } from '@/components/ui/side-scroller';
import type { Evaluation, EvaluationVendor } from '@/lib/api/types';

/**
 * Every vendor of the round in one table: its weighted score, how many scorecards are in, and the
 * caller's own. A total shows only where the server sent it (the score-visibility rule: hidden
 * until one's own scorecard is in, or the decision is final); otherwise the server's reason.
 */
export function SideBySide({ evaluation }: { evaluation: Evaluation }) {
  if (evaluation.criteria.suggested) return null;
  return (
    <section aria-labelledby="side-by-side-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="side-by-side-heading" className="text-lg font-semibold text-slate-900">
        Side by side
      </h2>
      {/* Should it not fit a phone, the table scrolls inside its own box (reachable from the
          keyboard), never the page. */}
      <SideScroller label="Side by side table">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Weighted scores of the vendors in round {evaluation.round}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="sticky left-0 z-10 bg-white py-2 pr-2 font-medium">
                Vendor
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Weighted score
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Scorecards
              </th>
              {evaluation.canScore ? (
                <th scope="col" className="py-2 font-medium">
                  Yours
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {evaluation.vendors.map((v) => (
              <tr key={v.vendorId} className="align-top">
                <th scope="row" className="sticky left-0 z-10 bg-white py-2 pr-2 font-medium text-slate-900">
                  {v.vendorName}
                  {v.incumbent ? <span className="block text-xs font-normal text-slate-600">Current tool</span> : null}
                </th>
                <td className="py-2 pr-2">
                  {v.weightedScore != null ? (
                    <span className="font-semibold whitespace-nowrap text-slate-900">{v.weightedScore} of 100</span>
                  ) : v.scoresVisible || v.submittedCount === 0 ? (
                    <span className="text-slate-600">Not scored yet</span>
                  ) : (
                    <span className="text-slate-600">{v.hiddenNote}</span>
                  )}
                </td>
                <td className="py-2 pr-2 tabular-nums">{v.submittedCount}</td>
                {evaluation.canScore ? <td className="py-2">{MY_SCORECARD[v.myScorecard]}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </SideScroller>
    </section>
  );
}

const MY_SCORECARD: Record<EvaluationVendor['myScorecard'], string> = {
  none: 'Not started',
  draft: 'Draft',
  submitted: 'Submitted',
};
