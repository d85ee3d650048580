import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';

import { OutboundLink } from '@/components/outbound-link';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ViewOnlyNote } from '@/components/view-only-note';
import { Spinner } from '@/components/ui/spinner';
import { PartnerBadge } from '@/components/vendor-card/partner-badge';
import { PartnerExplainer } from '@/components/vendor-card/partner-explainer';
import { PriceBracket } from '@/components/vendor-card/price-bracket';
import { ShortlistToggle } from '@/components/vendor-card/shortlist-toggle';
import { VerifiedOn } from '@/components/vendor-card/verified-on';
import { VendorLogo } from '@/components/vendor-logo';
import { paths, vendorProfilePath } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { useFirmAccess } from '@/lib/auth';
import type { ComparedAttribute, ComparedVendor, Comparison } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { firmSizeOptions } from '@/lib/firm-options';
import { categoryLabel } from '@/lib/stages';
import { formatShown } from '@/lib/format';

import { useComparison } from '../api/get-comparison';
import { CompareScheduleButton } from './compare-schedule-button';

const linkClasses =
  'font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';

const sizeLabel = (code: string) => firmSizeOptions.find((o) => o.value === code)?.label ?? code;

/** "A", "A and B", "A, B and C". */
function andList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

type Row = { key: ComparedAttribute | 'summary'; label: string; cell: (v: ComparedVendor) => ReactNode };

/** The table's rows; `canWrite`: whether to offer the questionnaire (a viewer cannot submit one). */
function rows(comparison: Comparison, canWrite: boolean): Row[] {
  const none = <span className="text-slate-500">Not listed</span>;
  const yourSize = comparison.firmSize ? `firms your size (${sizeLabel(comparison.firmSize)})` : 'all firms';
  return [
    { key: 'summary', label: 'What sets it apart', cell: (v) => <p className="font-medium text-slate-900">{v.summary}</p> },
    { key: 'category', label: 'Category', cell: (v) => categoryLabel(v.category.name) },
    {
      key: 'priceBracket',
      label: 'Price',
      cell: (v) => (v.priceBracket ? <PriceBracket bracket={v.priceBracket} /> : none),
    },
    {
      key: 'firmSizes',
      label: 'Firm sizes',
      cell: (v) =>
        v.firmSizes.length > 0 ? (
          <ul className="flex flex-wrap gap-1">
            {v.firmSizes.map((s) => (
              <li
                key={s}
                className={cn(
                  'rounded-md px-1.5 py-0.5 text-xs',
                  s === comparison.firmSize ? 'bg-indigo-100 font-semibold text-indigo-900' : 'bg-slate-100 text-slate-700',
                )}
              >
                {sizeLabel(s)}
                {s === comparison.firmSize ? <span className="sr-only"> (your size)</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          none
        ),
    },
    {
      key: 'practiceAreas',
      label: 'Practice areas',
      cell: (v) => (v.practiceAreas.length > 0 ? v.practiceAreas.join(', ') : none),
    },
    {
      key: 'integrations',
      label: 'Integrations',
      cell: (v) =>
        v.integrations.length > 0 ? (
          <ul className="flex flex-wrap gap-1">
            {v.integrations.map((i) => (
              <li
                key={i.name}
                className={cn(
                  'rounded-md px-1.5 py-0.5 text-xs',
                  i.inYourStack
                    ? 'bg-emerald-100 font-semibold text-emerald-900 ring-1 ring-emerald-300 ring-inset'
                    : 'bg-slate-100 text-slate-700',
                )}
              >
                {i.inYourStack ? <span aria-hidden="true">✓ </span> : null}
                {i.name}
                {i.inYourStack ? <span className="sr-only"> (in your tech stack)</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          none
        ),
    },
    {
      key: 'highlights',
      label: 'Highlights',
      cell: (v) =>
        v.highlights.length > 0 ? (
          <ul className="list-disc space-y-0.5 pl-4">
            {v.highlights.map((h, i) => (
              <li key={i}>{h}</li>
            ))}
          </ul>
        ) : (
          none
        ),
    },
    {
      key: 'partner',
      label: 'Partner status',
      cell: (v) =>
        v.partner.isRecommendedPartner || v.partner.partnerLevel ? (
          <PartnerBadge isRecommendedPartner={v.partner.isRecommendedPartner} partnerLevel={v.partner.partnerLevel} />
        ) : (
          <span className="text-slate-600">Not a partner</span>
        ),
    },
    {
      key: 'recentDemoBookings',
      label: `Demo bookings in the last ${comparison.demandDays} days by ${yourSize}`,
      cell: (v) => formatShown(v.recentDemoBookings),
    },
    {
      key: 'peerAdoption',
      label: 'Other firms your size using it',
      cell: (v) => (v.peerAdoption ? formatShown(v.peerAdoption) : <span className="text-slate-600">Add your firm size to see this</span>),
    },
    {
      key: 'matchScore',
      label: 'Your match score',
      cell: (v) =>
        v.matchScore ? (
          <span>
            <strong className="text-base text-slate-900">{v.matchScore.score}</strong> of 100
            <span className="block text-xs text-slate-600">Questionnaire of {v.matchScore.answeredOn}</span>
          </span>
        ) : canWrite ? (
          <Link href={`${paths.matches}?categoryId=${v.category.id}`} className={linkClasses}>
            Answer the {categoryLabel(v.category.name)} questionnaire
          </Link>
        ) : (
          <span className="text-slate-600">No questionnaire answered</span>
        ),
    },
    {
      key: 'verifiedOn',
      label: 'Verified',
      cell: (v) =>
        v.verifiedOn ? (
          <VerifiedOn verifiedOn={v.verifiedOn} sourceUrl={v.sourceUrl} />
        ) : (
          <span className="text-slate-600">Not verified yet</span>
        ),
    },
    {
      key: 'isActive',
      label: 'Status',
      cell: (v) => (v.isActive ? 'Active' : <span className="font-semibold text-red-700">No longer active</span>),
    },
    {
      key: 'scheduling',
      label: 'Meet the vendor',
      cell: (v) => (
        <div className="flex flex-col items-start gap-2">
          <CompareScheduleButton vendorId={v.id} vendorName={v.name} bookingUrl={v.bookingUrl} websiteUrl={v.websiteUrl} />
          <ShortlistToggle vendorId={v.id} vendorName={v.name} />
          <OutboundLink href={v.websiteUrl} className={linkClasses}>
            Visit Website<span className="sr-only"> of {v.name}</span>
          </OutboundLink>
        </div>
      ),
    },
  ];
}

function ComparisonTable({ comparison }: { comparison: Comparison }) {
  const differing = new Set<string>(comparison.differing);
  const { canWrite } = useFirmAccess();
  const names = comparison.vendors.map((v) => v.name);
  return (
    // `relative`: the screen-reader-only texts (absolutely placed) scroll and clip with the table
    // instead of widening the page.
    <div
      className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
      tabIndex={0}
      role="region"
      aria-label="Comparison table (scrolls sideways)"
    >
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
          {rows(comparison, canWrite).map((row) => {
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
    </div>
  );
}

/** /compare?ids=1,2,3: 2 to 4 vendors side by side. The address is shareable. */
export function ComparePage() {
  const ids = new URLSearchParams(useSearch()).get('ids') ?? '';
  const comparison = useComparison(ids);

  const header = (
    <>
      <PageHeader
        title="Compare vendors"
        description="Side by side, with the tools in your tech stack highlighted and what firms your size book and use. Counts under 5 are shown as “fewer than 5”."
      />
      <ViewOnlyNote />
    </>
  );

  if (comparison.isPending) {
    return (
      <>
        {header}
        <Spinner label="Loading the comparison..." />
      </>
    );
  }
  if (comparison.isError) {
    return (
      <>
        {header}
        <div className="max-w-xl space-y-4">
          <Alert>
            <p className="font-semibold">This comparison cannot be shown.</p>
            <p>{getErrorMessage(comparison.error, 'Failed to load the comparison. Please try again.')}</p>
          </Alert>
          <Link href={paths.vendors} className={buttonClasses({ variant: 'outline' })}>
            Back to Browse Vendors
          </Link>
        </div>
      </>
    );
  }

  const data = comparison.data;
  const categories = [...new Set(data.vendors.map((v) => v.category.name))];
  return (
    <>
      {header}
      <div className="space-y-4">
        {data.differentCategories ? (
          <p className="rounded-lg border border-sky-200 bg-sky-50 px-3.5 py-3 text-sm text-sky-900">
            These vendors are in different categories ({andList(categories)}): they answer different needs, so compare each with others of
            its own category too.
          </p>
        ) : null}
        <ComparisonTable comparison={data} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <Link href={paths.vendors} className={linkClasses}>
            Back to Browse Vendors
          </Link>
          <PartnerExplainer />
        </div>
      </div>
    </>
  );
}
