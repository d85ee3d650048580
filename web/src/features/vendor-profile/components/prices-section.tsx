import type { VendorProfile } from '@/lib/api/types';

import { monthLabel, sizesLabel } from '../format';
import { PriceCells } from './price-cells';

/**
 * "What firms pay": bands of annual cost per seat (the median's, and the middle half from the lower
 * quartile's band to the upper quartile's) from the contracts of verified firms that agreed to
 * share, per firm size and overall, only where at least 5 firms shared and, for each band, 7 firms
 * pay in lower bands and 7 in higher ones; drawn once a month, the same for everyone (the server
 * decides all of it; sizes under 5 come joined to their neighbours).
 */
export function PricesSection({ profile }: { profile: VendorProfile }) {
  const pay = profile.whatFirmsPay;
  const why = [pay.overall, ...pay.bySize.map((g) => g.figure)].find((f) => f.bandsText)?.bandsText;
  return (
    <section aria-labelledby="prices-heading" className="space-y-3">
      <h2 id="prices-heading" className="text-lg font-semibold text-slate-900">
        What firms pay
      </h2>
      <p className="text-sm text-slate-600">
        Annual cost per seat of {profile.name} as price bands, from verified firms that chose to share their contracts.
      </p>
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer rounded font-medium text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600">
          How this is computed
        </summary>
        <p className="mt-2 max-w-3xl">
          A figure shows only where at least 5 firms shared, and only as a price band, never one firm&apos;s price, the lowest or the
          highest: the median, and the middle half (a quarter of the firms pay less, a quarter more). The figures are drawn once a month and
          are the same for everyone: a firm that joins or changes its contract counts from the next month, and a firm that stops sharing
          hides them at once, until the next month&apos;s figures leave it out.
        </p>
      </details>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What firms pay for {profile.name} per seat a year, by firm size</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Firm size
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Median
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Middle half
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Firms
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {pay.bySize.map((group) => (
              <tr key={group.sizes.map((s) => s.code).join('-')}>
                <th scope="row" className="px-3 py-2 font-normal text-slate-700">
                  {group.sizes.length === 6 ? 'Every size together' : sizesLabel(group.sizes)}
                </th>
                <PriceCells figure={group.figure} />
              </tr>
            ))}
            {pay.bySize.length > 1 ? (
              <tr className="bg-slate-50">
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  All sizes
                </th>
                <PriceCells figure={pay.overall} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {why && !pay.withheld ? <p className="text-xs text-slate-500">Not shown: {why}.</p> : null}
      <p className="text-xs text-slate-500">Figures of {monthLabel(pay.asOf)}.</p>
      {pay.bySize.some((g) => g.sizes.length > 1) && !pay.withheld ? (
        <p className="text-xs text-slate-500">Sizes where fewer than 5 firms shared are counted together with their neighbours.</p>
      ) : null}
    </section>
  );
}
