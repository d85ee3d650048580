import { useToast } from '@/components/ui/use-toast';
import { CompareToggle } from '@/components/vendor-card/compare-toggle';
import { PartnerBadge } from '@/components/vendor-card/partner-badge';
import { DemoOutcomeQuestions } from '@/components/vendor-card/demo-outcome-questions';
import { PriceBracket } from '@/components/vendor-card/price-bracket';
import { ScheduleMeetingButton } from '@/components/vendor-card/schedule-meeting-button';
import { ShortlistToggle } from '@/components/vendor-card/shortlist-toggle';
import { VisitWebsiteButton } from '@/components/vendor-card/visit-website-button';
import { VendorLogo } from '@/components/vendor-logo';
import { VendorLogoLink, VendorNameLink } from '@/components/vendor-card/vendor-profile-link';
import { NeedsMetList } from '@/components/vendor-card/needs-met-list';
import type { PastRecommendation } from '@/lib/api/types';
import { useClientConfig } from '@/lib/client-config';
import { formatDate } from '@/lib/format';
import { type MeetingTarget, useRecordMeetingClick } from '@/lib/meeting-clicks';
import { openOutbound } from '@/lib/outbound';

/** One past recommendation: the vendor, when it was recommended, and why. */
export function PastRecommendationCard({ item }: { item: PastRecommendation }) {
  const { toast } = useToast();
  const { utmSource } = useClientConfig();
  const click = useRecordMeetingClick({ onSuccess: () => toast({ title: 'Opening scheduler...' }) });
  const { vendor } = item;
  const strength = item.reasons.strengths[0];
  const integrations = vendor.integrations;

  // Without a booking link Schedule Meeting is disabled and says "No scheduler available", as on
  // every card (the spec's "No booking URL available" toast has no button left to answer).
  const onSchedule = (target: MeetingTarget) => {
    openOutbound(target.url, utmSource);
    click.mutate({ vendorId: vendor.id, sourcePage: 'PAST_RECS', kind: target.kind });
  };

  return (
    <article aria-label={vendor.name} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <VendorLogoLink vendorId={vendor.id}>
          <VendorLogo name={vendor.name} logoUrl={vendor.logoUrl} websiteUrl={vendor.websiteUrl} />
        </VendorLogoLink>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="font-semibold text-slate-900">
            <VendorNameLink vendorId={vendor.id}>{vendor.name}</VendorNameLink>
          </h2>
          <div className="flex flex-wrap items-center gap-1.5">
            <PriceBracket bracket={vendor.priceBracket} provenance={vendor.facts.price} />
            <PartnerBadge isRecommendedPartner={vendor.isRecommendedPartner} partnerLevel={vendor.partnerLevel} />
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">{vendor.categoryLabel}</span>
          </div>
        </div>
      </div>
      <p className="text-xs text-slate-500">Recommended on {formatDate(item.recommendedAt)}</p>
      {vendor.description ? (
        <p className="line-clamp-3 text-sm text-slate-600">{vendor.description}</p>
      ) : vendor.shortHighlights.length > 0 ? (
        <ul className="list-disc pl-5 text-sm text-slate-600">
          {vendor.shortHighlights.slice(0, 2).map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      ) : null}
      {strength ? (
        <div className="rounded-lg border border-emerald-100 bg-emerald-50 px-3 py-2 text-sm">
          <p className="font-medium text-emerald-900">Why recommended:</p>
          <p className="text-emerald-800">{strength}</p>
          <NeedsMetList needs={item.reasons.needsMet} className="text-emerald-800" />
        </div>
      ) : null}
      {integrations.length > 0 ? (
        <p className="text-xs text-slate-600">
          <span className="font-medium">Integrations:</span> {integrations.slice(0, 2).join(', ')}
          {integrations.length > 2 ? ` +${integrations.length - 2} more` : ''}
        </p>
      ) : null}
      <DemoOutcomeQuestions vendorId={vendor.id} />
      <div className="mt-auto flex flex-wrap items-start gap-2 pt-1">
        <VisitWebsiteButton
          vendorId={vendor.id}
          vendorName={vendor.name}
          websiteUrl={vendor.websiteUrl}
          bookingUrl={vendor.bookingUrl}
          sourcePage="PAST_RECS"
        />
        <ScheduleMeetingButton
          size="sm"
          vendorName={vendor.name}
          bookingUrl={vendor.bookingUrl}
          pending={click.isPending}
          onSchedule={onSchedule}
        />
        <CompareToggle vendor={vendor} />
        <ShortlistToggle vendorId={vendor.id} vendorName={vendor.name} />
      </div>
    </article>
  );
}
