import { Link } from 'wouter';

import { SideScroller } from '@/components/ui/side-scroller';
import { VendorLogo } from '@/components/vendor-logo';
import { vendorProfilePath } from '@/config/links';
import { useFirmAccess } from '@/lib/auth';
import type { Comparison } from '@/lib/api/types';
import { cn } from '@/lib/cn';

import { andList } from '../format';
import { comparisonRows } from './comparison-rows';

/** The vendors side by side: a column each, a row per attribute, the rows where they differ marked. */
export function ComparisonTable({ comparison }: { comparison: Comparison }) {
  const differing = new Set<string>(comparison.differing);
  const { canWrite } = useFirmAccess();
  const names = comparison.vendors.map((v) => v.name);
  return (
    // `relative`: the screen-reader-only texts (absolutely placed) scroll and clip with the table
    // instead of widening the page.
    <SideScroller label="Comparison table (scrolls sideways)" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full border-collapse text-left text-sm text-slate-700">
        <caption className="sr-only">{andList(names)} side by side. Rows marked “Differs” are where they are not the same.</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th
              scope="col"
              className="sticky left-0 z-10 w-32 bg-white px-3 py-3 shadow-[inset_-1px_0_0_var(--color-slate-200)] align-bottom text-xs font-semibold text-slate-600 uppercase sm:w-48"
            >
              Vendor
            </th>
            {comparison.vendors.map((v) => (
              <th key={v.id} scope="col" className="min-w-44 px-3 py-3 align-bottom sm:min-w-56">
                <div className="flex items-center gap-2">
                  {/* Decorative here: the name beside it is the column's header. */}
                  <span aria-hidden="true">
                    <VendorLogo name={v.name} logoUrl={v.logoUrl} websiteUrl={v.websiteUrl} className="h-9 w-9" />
                  </span>
                  <Link
                    href={vendorProfilePath(v.id)}
                    className="text-base font-semibold break-words text-slate-900 hover:text-indigo-700 hover:underline"
                  >
                    {v.name}
                  </Link>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparisonRows(comparison, canWrite).map((row) => {
            const differs = differing.has(row.key);
            return (
              <tr key={row.key} className={cn('border-b border-slate-100 last:border-0', differs && 'bg-amber-50')}>
                <th
                  scope="row"
                  className={cn(
                    // The difference mark is drawn inside the cell (a border of a sticky cell stays
                    // behind in a collapsed table when the columns scroll), and the right-hand edge
                    // shows where the scrolling columns pass under it.
                    'sticky left-0 z-10 w-32 px-3 py-3 align-top text-xs font-semibold text-slate-700 sm:w-48 sm:text-sm',
                    differs
                      ? 'bg-amber-50 pl-4 shadow-[inset_4px_0_0_var(--color-amber-500),inset_-1px_0_0_var(--color-slate-200)]'
                      : 'bg-white shadow-[inset_-1px_0_0_var(--color-slate-200)]',
                  )}
                >
                  {row.label}
                  {differs ? (
                    <span className="mt-1 block w-fit rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
                      Differs
                    </span>
                  ) : null}
                </th>
                {comparison.vendors.map((v) => (
                  <td key={v.id} className="px-3 py-3 align-top">
                    {row.cell(v)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </SideScroller>
  );
}
