import type { VendorProfile } from '@/lib/api/types';

import { formatDate, sizesLabel } from '../format';
import { PriceCells } from './price-cells';

/**
 * "What firms pay": bands of annual cost per seat (the median's, and the middle half from the lower
 * quartile's band to the upper quartile's) from the contracts of verified firms that agreed to
 * share, per firm size and overall, only where at least 5 firms shared, drawn once a day (the
 * server decides all of it; sizes under 5 come joined to their neighbours).
 */
export function PricesSection({ profile }: { profile: VendorProfile }) {
  const pay = profile.whatFirmsPay;
  return (
    <section aria-labelledby="prices-heading" className="space-y-3">
      <h2 id="prices-heading" className="text-lg font-semibold text-slate-900">
        What firms pay
      </h2>
      <p className="text-sm text-slate-600">
        Annual cost per seat of {profile.name}, from the contracts of verified firms that chose to share it. A figure shows only where at
        least 5 firms shared, and only as a price band, never one firm&apos;s price: the median, and the middle half (a quarter of the firms
        pay less, a quarter more). The figures are drawn once a day: a firm that joins or changes its contract counts from the next day, and
        a firm that stops sharing hides them at once, until the next day&apos;s figures leave it out.
      </p>
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
      <p className="text-xs text-slate-500">Figures of {formatDate(pay.asOf)}.</p>
      {pay.bySize.some((g) => g.sizes.length > 1) && !pay.withheld ? (
        <p className="text-xs text-slate-500">Sizes where fewer than 5 firms shared are counted together with their neighbours.</p>
      ) : null}
    </section>
  );
}
