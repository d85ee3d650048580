import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { PartnerBadge } from '@/components/vendor-card/partner-badge';
import { PriceBracket } from '@/components/vendor-card/price-bracket';
import { ShortlistToggle } from '@/components/vendor-card/shortlist-toggle';
import { VisitWebsiteButton } from '@/components/vendor-card/visit-website-button';
import { ProvenanceNote } from '@/components/vendor-facts/provenance-note';
import { questionnairePath } from '@/config/links';
import type { ComparedAttribute, ComparedVendor, Comparison } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { firmSizeOptions } from '@/lib/firm-options';
import { formatShown } from '@/lib/format';
import { UNCONFIRMED_LINK, securityLines } from '@/lib/vendor-facts';

import { CompareScheduleButton } from './compare-schedule-button';
import { linkClasses } from './styles';

const sizeLabel = (code: string) => firmSizeOptions.find((o) => o.value === code)?.label ?? code;

type Row = { key: ComparedAttribute | 'summary'; label: string; cell: (v: ComparedVendor) => ReactNode };

/** The security facts compared, in the order of the vendor profile (the trust page is left to the profile). */
const securityKeys = ['hipaaBaa', 'soc2', 'iso27001', 'sso', 'mfa', 'dataLocation', 'aiTraining', 'dataExport'] as const;
const securityLabels = new Map(securityLines({}).map((line) => [line.key, line.label]));

/** Where a fact came from: small, under its value. */
const noteClasses = 'mt-1 block text-xs';

/** One security fact of a vendor: its value or "Not stated", and where it was read. */
function securityCell(v: ComparedVendor, key: (typeof securityKeys)[number]) {
  const line = securityLines(v.facts.security).find((l) => l.key === key)!;
  if (line.value === null) return <span className="text-slate-500">Not stated</span>;
  return (
    <>
      <span className={cn(line.good && 'font-medium text-emerald-800')}>{line.value}</span>
      {line.provenance ? (
        <span className={noteClasses}>
          <ProvenanceNote provenance={line.provenance} fact={`${v.name}’s ${line.label}`} />
        </span>
      ) : null}
    </>
  );
}

/** The table's rows; `canWrite`: whether to offer the questionnaire (a viewer cannot submit one). */
export function comparisonRows(comparison: Comparison, canWrite: boolean): Row[] {
  const none = <span className="text-slate-500">Not listed</span>;
  const yourSize = comparison.firmSize ? `firms your size (${sizeLabel(comparison.firmSize)})` : 'all firms';
  return [
    { key: 'summary', label: 'What sets it apart', cell: (v) => <p className="font-medium text-slate-900">{v.summary}</p> },
    { key: 'category', label: 'Category', cell: (v) => v.category.label },
    {
      key: 'priceBracket',
      label: 'Price',
      cell: (v) =>
        v.priceBracket || v.facts.statedPrice ? (
          <>
            <PriceBracket bracket={v.priceBracket} />
            {v.priceBracket && v.facts.price ? (
              <span className={noteClasses}>
                <ProvenanceNote provenance={v.facts.price} fact={`${v.name}’s price bracket`} />
              </span>
            ) : null}
            {v.facts.statedPrice ? (
              <span className="mt-2 block">
                {v.facts.statedPrice.value}
                <span className={noteClasses}>
                  <ProvenanceNote provenance={v.facts.statedPrice.provenance} fact={`${v.name}’s stated price`} />
                </span>
              </span>
            ) : null}
          </>
        ) : (
          none
        ),
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
          <Link href={questionnairePath(v.category.id)} className={linkClasses}>
            Answer the {v.category.label} questionnaire
          </Link>
        ) : (
          <span className="text-slate-600">No questionnaire answered</span>
        ),
    },
    ...securityKeys.map((key): Row => ({ key, label: securityLabels.get(key) ?? key, cell: (v) => securityCell(v, key) })),
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
          {v.bookingUrl && v.facts.bookingLink ? (
            <span className="-mt-1 text-xs">
              <span className="text-slate-600">Booking link: </span>
              <ProvenanceNote provenance={v.facts.bookingLink} fact={`${v.name}’s booking link`} estimate={UNCONFIRMED_LINK} />
            </span>
          ) : null}
          <VisitWebsiteButton
            vendorId={v.id}
            vendorName={v.name}
            websiteUrl={v.websiteUrl}
            bookingUrl={v.bookingUrl}
            sourcePage="COMPARE"
            srSuffix={` of ${v.name}`}
          />
          <ShortlistToggle vendorId={v.id} vendorName={v.name} />
        </div>
      ),
    },
  ];
}
