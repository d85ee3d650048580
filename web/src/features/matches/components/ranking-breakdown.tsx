import type { Factor } from '@/lib/api/types';

const format = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The ranking's factors with their points and the evidence behind each. */
export function RankingBreakdown({ id, score, factors }: { id: string; score: number; factors: Factor[] }) {
  const points = factors.reduce((sum, f) => sum + f.points, 0);
  const max = factors.reduce((sum, f) => sum + f.maxPoints, 0);
  return (
    <div id={id} className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="pb-2 text-left text-xs text-slate-500">
          Score {score} = {format(points)} of {format(max)} points, as a share of 100.
        </caption>
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Factor
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Points
            </th>
            <th scope="col" className="py-1 font-medium">
              Evidence
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {factors.map((f) => (
            <tr key={f.factor}>
              <th scope="row" className="py-1.5 pr-3 font-medium text-slate-800">
                {f.label}
              </th>
              <td className="py-1.5 pr-3 whitespace-nowrap text-slate-700">
                {/* A penalty (after a dismissal) only takes points away; a factor worth no points
                    (no real bookings yet, partner weight 0) is left out of the score. */}
                {f.points < 0
                  ? `${format(f.points)} (lowered)`
                  : f.factor === 'dismissedPrice'
                    ? 'No change'
                    : f.maxPoints === 0
                      ? 'Not counted'
                      : `${format(f.points)} / ${format(f.maxPoints)}`}
              </td>
              <td className="py-1.5 text-slate-600">{f.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
