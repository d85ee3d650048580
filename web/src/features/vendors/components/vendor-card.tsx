import { useId } from 'react';

import { toast } from '@/components/ui/use-toast';
import { CompareToggle } from '@/components/vendor-card/compare-toggle';
import { PartnerBadge } from '@/components/vendor-card/partner-badge';
import { ScheduleMeetingButton } from '@/components/vendor-card/schedule-meeting-button';
import { ShortlistToggle } from '@/components/vendor-card/shortlist-toggle';
import { VisitWebsiteButton } from '@/components/vendor-card/visit-website-button';
import { CardFacts } from '@/components/vendor-facts/card-facts';
import { VendorLogo } from '@/components/vendor-logo';
import { VendorLogoLink, VendorNameLink, vendorNameClasses } from '@/components/vendor-card/vendor-profile-link';
import type { Vendor } from '@/lib/api/types';
import { useClientConfig } from '@/lib/client-config';
import { cn } from '@/lib/cn';
import { type MeetingTarget, useRecordMeetingClick } from '@/lib/meeting-clicks';
import { openOutbound } from '@/lib/outbound';

const SHOWN_HIGHLIGHTS = 3;
const SHOWN_INTEGRATIONS = 2;

/**
 * One vendor in the directory. All vendor text is rendered as text, never as markup. Shortlist and
 * compare are named icon buttons beside the name; above the card's two buttons, Schedule Meeting
 * (disabled without a scheduler) and Visit Website, the price, booking link and security facts
 * each say where they come from.
 */
export function VendorCard({ vendor }: { vendor: Vendor }) {
  const titleId = useId();
  const { utmSource } = useClientConfig();
  const meetingClick = useRecordMeetingClick({
    failureMessage: 'Failed to log meeting click',
    onSuccess: () => toast({ title: 'Meeting click logged', description: 'Your interest has been recorded.' }),
  });

  const schedule = (target: MeetingTarget) => {
    // Opened inside the click itself (so no pop-up blocker stops it), whether or not the click
    // is recorded.
    openOutbound(target.url, utmSource);
    meetingClick.mutate({ vendorId: vendor.id, sourcePage: 'BROWSE', kind: target.kind });
  };

  const highlights = vendor.shortHighlights.slice(0, SHOWN_HIGHLIGHTS);
  const integrations = vendor.integrations.slice(0, SHOWN_INTEGRATIONS);
  const moreIntegrations = vendor.integrations.length - integrations.length;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex h-full flex-col rounded-2xl border p-5 shadow-sm',
        vendor.isActive ? 'border-slate-200 bg-white' : 'border-red-200 bg-red-50',
      )}
    >
      {/* The logo and the icon buttons share the first row, so the name below has the card's
          whole width: it wraps between words, never inside one ("SmartAdvoca/te"). */}
      <div className="flex items-start justify-between gap-3">
        <VendorLogoLink vendorId={vendor.id}>
          <VendorLogo name={vendor.name} logoUrl={vendor.logoUrl} websiteUrl={vendor.websiteUrl} />
        </VendorLogoLink>
        <div className="-mt-1 -mr-1 flex shrink-0 items-center gap-1">
          <ShortlistToggle vendorId={vendor.id} vendorName={vendor.name} display="icon" />
          <CompareToggle vendor={vendor} display="icon" />
        </div>
      </div>
      <div className="mt-3 min-w-0 space-y-1.5">
        <h3 id={titleId} className={cn('text-base leading-snug font-semibold text-slate-900', vendorNameClasses)} title={vendor.name}>
          <VendorNameLink vendorId={vendor.id}>{vendor.name}</VendorNameLink>
        </h3>
        <div className="flex flex-wrap items-center gap-1.5">
          <PartnerBadge isRecommendedPartner={vendor.isRecommendedPartner} partnerLevel={vendor.partnerLevel} />
          {vendor.categoryName ? (
            <span className="inline-flex items-center rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-200 ring-inset">
              {vendor.categoryLabel}
            </span>
          ) : null}
          {vendor.isActive ? null : (
            <span className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-700 ring-1 ring-red-300 ring-inset">
              Inactive
            </span>
          )}
        </div>
      </div>

      {highlights.length > 0 ? (
        <ul aria-label="Highlights" className="mt-4 space-y-1 text-sm text-slate-700">
          {highlights.map((h, i) => (
            <li key={i} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-indigo-400" />
              <span className="min-w-0 break-words">{h}</span>
            </li>
          ))}
        </ul>
      ) : null}

      {integrations.length > 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-1.5 text-xs">
          <span className="font-medium text-slate-500">Integrations:</span>
          {integrations.map((name, i) => (
            <span key={i} className="rounded-md bg-slate-100 px-1.5 py-0.5 text-slate-700">
              {name}
            </span>
          ))}
          {moreIntegrations > 0 ? (
            <span title={vendor.integrations.slice(SHOWN_INTEGRATIONS).join(', ')} className="text-slate-500">
              +{moreIntegrations} more
            </span>
          ) : null}
        </div>
      ) : null}

      {vendor.description ? (
        <p className="mt-3 line-clamp-2 text-sm text-slate-600" title={vendor.description}>
          {vendor.description}
        </p>
      ) : null}

      <div className="mt-auto space-y-3 pt-5">
        <CardFacts facts={vendor.facts} priceBracket={vendor.priceBracket} />
        <div className="flex flex-wrap gap-2 [&>*]:grow">
          <ScheduleMeetingButton
            size="sm"
            className="w-full"
            vendorName={vendor.name}
            bookingUrl={vendor.bookingUrl}
            pending={meetingClick.isPending}
            onSchedule={schedule}
          />
          <VisitWebsiteButton
            vendorId={vendor.id}
            vendorName={vendor.name}
            websiteUrl={vendor.websiteUrl}
            bookingUrl={vendor.bookingUrl}
            sourcePage="BROWSE"
            className="w-full"
          />
        </div>
      </div>
    </article>
  );
}
