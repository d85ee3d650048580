import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { vendorProfilePath } from '@/config/links';
import type { Category, Trends } from '@/lib/api/types';
import { cn } from '@/lib/cn';

import type { TrendVendors } from '@/lib/api/types';
import { formatCount } from '../format';

import { ChangeText } from './change-text';
import { DownloadCsvButton } from './download-csv-button';
import { EmptyState } from './empty-state';
import { Panel } from './panel';

/**
 * "12.5%": a share of 0..1 with one decimal, a tie rounded to the even digit as the server's CSV
 * writes it (2 of 32 is "6.2%" on screen and in the file).
 */
export function formatShare(share: number): string {
  const scaled = share * 1000;
  const floor = Math.floor(scaled);
  const rest = scaled - floor;
  const tenths = Math.abs(rest - 0.5) < 1e-9 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(scaled);
  return `${(tenths / 10).toFixed(1)}%`;
}

/**
 * The picker's categories: those with bookings in the period first, most first (with their
 * count), then the rest of the catalog by name.
 */
export function categoryChoices(catalog: readonly Category[], counts: Trends['categoryCounts']): Array<{ value: string; label: string }> {
  const countOf = new Map(counts.map((entry) => [entry.name.trim().toLowerCase(), entry.count]));
  const withCount = catalog.map((category) => ({ category, count: countOf.get(category.name.trim().toLowerCase()) ?? 0 }));
  withCount.sort((a, b) => b.count - a.count || a.category.label.localeCompare(b.category.label));
  return withCount.map(({ category, count }) => ({
    value: String(category.id),
    label: count > 0 ? `${category.label} (${formatCount(count)})` : category.label,
  }));
}

/** How many of the picker's first categories have their vendors asked for ahead. */
const ASK_AHEAD_CATEGORIES = 6;

type VendorsPanelProps = {
  categoryId: number | undefined;
  onCategory: (categoryId: number | undefined) => void;
  /** The pointer rests on the picker or the focus lands on it: the categories likely picked next. */
  onAskAhead?: (categoryIds: number[]) => void;
  catalog: readonly Category[];
  categoryCounts: Trends['categoryCounts'];
  vendors: { data: TrendVendors | undefined; isPending: boolean; isFetching: boolean; error: Error | null };
  /** Whether the comparison columns are shown (the answer has a comparison period). */
  compared: boolean;
  csvUrl: string;
};

/**
 * "Top Vendors": the vendors of a chosen category by bookings (the top 20 of every category when
 * none is chosen), each one's share, its bookings in the comparison period and the change; a
 * catalog vendor's name opens its profile.
 */
export function VendorsPanel({
  categoryId,
  onCategory,
  onAskAhead,
  catalog,
  categoryCounts,
  vendors,
  compared,
  csvUrl,
}: VendorsPanelProps) {
  const data = vendors.data;
  const categoryName = data?.category ? data.category.label : null;
  const choices = categoryChoices(catalog, categoryCounts);
  // An id the catalog has not listed yet (still loading) stays selectable.
  if (categoryId !== undefined && !choices.some((choice) => choice.value === String(categoryId))) {
    choices.unshift({ value: String(categoryId), label: categoryName ?? `Category ${categoryId}` });
  }
  // The most booked categories are the likely picks: their vendors are asked for ahead.
  const askAhead = () => onAskAhead?.(choices.slice(0, ASK_AHEAD_CATEGORIES).map((choice) => Number(choice.value)));
  const description = data
    ? categoryName
      ? `Vendors of ${categoryName} by bookings: ${formatCount(data.vendorCount)} ${data.vendorCount === 1 ? 'vendor' : 'vendors'}, ${formatCount(data.total)} bookings.`
      : `The top ${formatCount(data.items.length)} vendors of all categories by bookings (${formatCount(data.vendorCount)} booked in the period).`
    : undefined;

  return (
    <Panel
      title="Top Vendors"
      description={description}
      actions={<DownloadCsvButton what="Top Vendors" url={csvUrl} fallbackName="trends-vendors.csv" disabled={!data} />}
    >
      <SelectField
        label="Category"
        className="mb-4 max-w-sm"
        placeholder="All categories (top 20 vendors)"
        options={choices}
        value={categoryId !== undefined ? String(categoryId) : ''}
        onChange={(event) => onCategory(event.target.value ? Number(event.target.value) : undefined)}
        onPointerEnter={askAhead}
        onFocus={askAhead}
      />
      {vendors.error ? (
        <Alert>Could not load the vendors: {vendors.error.message}</Alert>
      ) : vendors.isPending || !data ? (
        <Spinner label="Loading vendors..." />
      ) : data.items.length === 0 ? (
        <EmptyState>
          {categoryName ? `No bookings of ${categoryName} vendors in this period` : 'No vendor bookings in this period'}
        </EmptyState>
      ) : (
        <div
          role="region"
          aria-label="Vendors table"
          tabIndex={0}
          className="-mx-1 overflow-x-auto px-1 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {/* Three columns fit a phone; with the comparison's two more it scrolls in its box. */}
          <table className={cn('w-full text-sm', compared && 'min-w-[32rem]')} aria-busy={vendors.isFetching}>
            <caption className="sr-only">
              {categoryName ? `${categoryName} vendors` : 'Top vendors of all categories'}, most bookings first
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <th scope="col" className="py-2 pr-3">
                  Vendor
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Bookings
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Share
                </th>
                {compared ? (
                  <>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Comparison
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Change
                    </th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.items.map((vendor) => (
                <tr key={`${vendor.vendorId ?? 'x'}-${vendor.name}`}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {vendor.vendorId != null ? (
                      <Link
                        href={vendorProfilePath(vendor.vendorId)}
                        className="rounded text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        {vendor.name}
                      </Link>
                    ) : (
                      <span className="text-slate-800">{vendor.name}</span>
                    )}
                  </th>
                  <td className="py-2 pr-3 text-right text-slate-800 tabular-nums">{formatCount(vendor.count)}</td>
                  <td className="py-2 pr-3 text-right text-slate-700 tabular-nums">{formatShare(vendor.share)}</td>
                  {compared ? (
                    <>
                      <td className="py-2 pr-3 text-right text-slate-700 tabular-nums">{formatCount(vendor.comparisonCount)}</td>
                      <td className="py-2 text-right text-xs">
                        <ChangeText change={vendor.change} />
                      </td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
