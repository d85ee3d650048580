import type { PriceFigure, VendorProfile } from '@/lib/api/types';
import { formatShown } from '@/lib/format';

import { priceText, sizesLabel } from '../format';

const FEWER = 'Fewer than 5 firms shared';

function Cells({ figure }: { figure: PriceFigure }) {
  const price = priceText(figure);
  if (!price) {
    return (
      <td colSpan={3} className="px-3 py-2 text-slate-600">
        {FEWER}
      </td>
    );
  }
  return (
    <>
      <td className="px-3 py-2 font-medium text-slate-900 tabular-nums">{price.median}</td>
      <td className="px-3 py-2 text-slate-700 tabular-nums">{price.range}</td>
      <td className="px-3 py-2 text-slate-700 tabular-nums">{formatShown(figure.firms)}</td>
    </>
  );
}

/**
 * "What firms pay": the median and range of annual cost per seat from the contracts of verified
 * firms that agreed to share, per firm size and overall, only where at least 5 firms shared (the
 * server decides; sizes under 5 come joined to their neighbours).
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
        least 5 firms shared.
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
                Range
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
                <Cells figure={group.figure} />
              </tr>
            ))}
            {pay.bySize.length > 1 ? (
              <tr className="bg-slate-50">
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  All sizes
                </th>
                <Cells figure={pay.overall} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {pay.bySize.some((g) => g.sizes.length > 1) ? (
        <p className="text-xs text-slate-500">Sizes where fewer than 5 firms shared are counted together with their neighbours.</p>
      ) : null}
    </section>
  );
}
