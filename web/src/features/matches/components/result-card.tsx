import { useState } from 'react';

import { useToast } from '@/components/ui/use-toast';
import { CompareToggle } from '@/components/vendor-card/compare-toggle';
import { PartnerBadge } from '@/components/vendor-card/partner-badge';
import { PriceBracket } from '@/components/vendor-card/price-bracket';
import { ScheduleMeetingButton } from '@/components/vendor-card/schedule-meeting-button';
import { ShortlistToggle } from '@/components/vendor-card/shortlist-toggle';
import { VisitWebsiteButton } from '@/components/vendor-card/visit-website-button';
import { VendorLogo } from '@/components/vendor-logo';
import { VendorLogoLink, VendorNameLink } from '@/components/vendor-card/vendor-profile-link';
import { NeedsMetList } from '@/components/vendor-card/needs-met-list';
import type { RankedVendor } from '@/lib/api/types';
import { useClientConfig } from '@/lib/client-config';
import { cn } from '@/lib/cn';
import { type MeetingTarget, useRecordMeetingClick } from '@/lib/meeting-clicks';
import { openOutbound } from '@/lib/outbound';

import { track } from './analytics';
import { RankingBreakdown } from './ranking-breakdown';

/** One recommended vendor of the results view, with why it was picked and how it was ranked. */
export function ResultCard({ result }: { result: RankedVendor }) {
  const [showGaps, setShowGaps] = useState(false);
  const [showBreakdown, setShowBreakdown] = useState(false);
  const { toast } = useToast();
  const { utmSource } = useClientConfig();
  const click = useRecordMeetingClick({ onSuccess: () => toast({ title: 'Opening scheduler...' }) });
  const { vendor } = result;
  const gapsId = `gaps-${vendor.id}`;
  const breakdownId = `breakdown-${vendor.id}`;

  const onSchedule = (target: MeetingTarget) => {
    track('schedule_click', { vendorId: vendor.id, sourcePage: 'GET_REC' });
    openOutbound(target.url, utmSource);
    click.mutate({ vendorId: vendor.id, sourcePage: 'GET_REC', kind: target.kind });
  };

  return (
    <article aria-label={vendor.name} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <div className="flex items-start gap-3">
        <VendorLogoLink vendorId={vendor.id}>
          <VendorLogo name={vendor.name} logoUrl={vendor.logoUrl} websiteUrl={vendor.websiteUrl} className="h-12 w-12" />
        </VendorLogoLink>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                result.rank === 1 ? 'bg-indigo-600 text-white' : 'bg-indigo-50 text-indigo-700',
              )}
            >
              {result.rank === 1 ? 'Best Match' : 'Top Match'}
            </span>
            <PartnerBadge isRecommendedPartner={vendor.isRecommendedPartner} partnerLevel={vendor.partnerLevel} />
            <PriceBracket bracket={vendor.priceBracket} provenance={vendor.facts.price} />
          </div>
          <h3 className="text-lg font-semibold text-slate-900">
            <VendorNameLink vendorId={vendor.id}>{vendor.name}</VendorNameLink>
          </h3>
          <p className="text-sm text-slate-600">
            Match score <span className="font-semibold text-slate-900">{result.score}</span> / 100
          </p>
        </div>
      </div>

      <div className="rounded-lg bg-slate-50 p-3">
        <p className="mb-1.5 text-sm font-semibold text-slate-800">Why this pick</p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {result.reasons.slice(0, 5).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <NeedsMetList needs={result.needsMet} className="mt-1.5 text-sm text-slate-700" />
      </div>

      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <button
          type="button"
          aria-expanded={showGaps}
          aria-controls={gapsId}
          onClick={() => setShowGaps(!showGaps)}
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          {showGaps ? 'Hide gaps' : 'Show gaps'}
        </button>
        <button
          type="button"
          aria-expanded={showBreakdown}
          aria-controls={breakdownId}
          onClick={() => setShowBreakdown(!showBreakdown)}
          className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
        >
          How this was ranked
        </button>
      </div>
      {showGaps ? (
        <div id={gapsId} className="text-sm text-slate-700">
          {result.missingTags.length > 0 ? (
            <>
              <p className="font-medium">Not covered:</p>
              <ul className="list-disc pl-5">
                {result.missingTags.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>No gaps: it covers everything you asked for.</p>
          )}
        </div>
      ) : null}
      {showBreakdown ? <RankingBreakdown id={breakdownId} score={result.score} factors={result.breakdown} /> : null}

      <div className="flex flex-wrap items-center gap-2">
        <VisitWebsiteButton
          vendorId={vendor.id}
          vendorName={vendor.name}
          websiteUrl={vendor.websiteUrl}
          bookingUrl={vendor.bookingUrl}
          sourcePage="GET_REC"
        />
        <ScheduleMeetingButton
          size="sm"
          vendorName={vendor.name}
          bookingUrl={vendor.bookingUrl}
          pending={click.isPending}
          onSchedule={onSchedule}
        />
        <span className="ml-auto flex gap-1">
          <ShortlistToggle vendorId={vendor.id} vendorName={vendor.name} display="icon" />
          <CompareToggle vendor={vendor} display="icon" />
        </span>
      </div>
    </article>
  );
}
