import type { EvaluationVendor } from '@/lib/api/types';

/** The vendor's weighted score and each person's score per criterion, once the caller may see them. */
export function Scores({ vendor }: { vendor: EvaluationVendor }) {
  return (
    <div className="space-y-3">
      <p className="text-base font-semibold text-slate-900">
        Weighted score: {vendor.weightedScore ?? 'not scored yet'}
        {vendor.weightedScore == null ? '' : ' of 100'}
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Scores for {vendor.vendorName} by person</caption>
        <thead>
          <tr className="text-slate-600">
            <th scope="col">Criterion</th>
            <th scope="col">Scores</th>
          </tr>
        </thead>
        <tbody>
          {vendor.criteria.map((c) => (
            <tr key={c.criterionId} className="align-top">
              <th scope="row" className="py-1.5 pr-3 font-medium">
                {c.name}
                {c.flag ? <p className="font-semibold text-amber-800">{c.flag}</p> : null}
              </th>
              <td className="py-1.5">
                <ul>
                  {c.scores.map((s) => (
                    <li key={s.by}>
                      {s.by}: {s.score ?? 'did not see'}
                      {s.comment ? ` ("${s.comment}")` : ''}
                      {s.underOldCriteria ? ' (under the old criteria)' : ''}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
