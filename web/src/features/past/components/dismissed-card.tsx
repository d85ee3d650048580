import { UndoDismissalButton } from '@/components/dismissal/undo-dismissal-button';
import { PriceBracket } from '@/components/vendor-card/price-bracket';
import type { Dismissal } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

/** One dismissed vendor: why and when it was dismissed, and Undo. */
export function DismissedCard({ item }: { item: Dismissal }) {
  return (
    <article aria-label={item.vendorName} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="min-w-0 space-y-1">
        <h2 className="font-semibold text-slate-900">{item.vendorName}</h2>
        <div className="flex flex-wrap items-center gap-1.5">
          <PriceBracket bracket={item.priceBracket} provenance={item.price} />
          <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">{item.categoryLabel}</span>
        </div>
      </div>
      <dl className="space-y-1 text-sm">
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="font-medium text-slate-700">Reason:</dt>
          <dd className="min-w-0 break-words text-slate-600">{item.reasonLabel}</dd>
        </div>
        <div className="flex flex-wrap gap-x-1.5">
          <dt className="font-medium text-slate-700">Dismissed on:</dt>
          <dd className="text-slate-600">{formatDate(item.dismissedAt)}</dd>
        </div>
      </dl>
      <div className="mt-auto pt-1">
        <UndoDismissalButton vendorId={item.vendorId} vendorName={item.vendorName} />
      </div>
    </article>
  );
}
