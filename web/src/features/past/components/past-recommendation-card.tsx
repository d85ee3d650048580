import { buttonClasses, Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { OutboundLink } from '@/components/outbound-link';
import { CompareToggle } from '@/components/vendor-card/compare-toggle';
import { PartnerBadge } from '@/components/vendor-card/partner-badge';
import { DemoOutcomeQuestions } from '@/components/vendor-card/demo-outcome-questions';
import { PriceBracket } from '@/components/vendor-card/price-bracket';
import { ShortlistToggle } from '@/components/vendor-card/shortlist-toggle';
import { VendorLogo } from '@/components/vendor-logo';
import { VendorLogoLink, VendorNameLink } from '@/components/vendor-card/vendor-profile-link';
import { NeedsMetList } from '@/components/vendor-card/needs-met-list';
import type { PastRecommendation } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';
import { useClientConfig } from '@/lib/client-config';
import { formatDate } from '@/lib/format';
import { meetingTarget, useRecordMeetingClick } from '@/lib/meeting-clicks';
import { openOutbound } from '@/lib/outbound';
import { categoryLabel } from '@/lib/stages';

/** One past recommendation: the vendor, when it was recommended, and why. */
export function PastRecommendationCard({ item }: { item: PastRecommendation }) {
  const { toast } = useToast();
  const { utmSource } = useClientConfig();
  const click = useRecordMeetingClick({ onSuccess: () => toast({ title: 'Opening scheduler...' }) });
  const { vendor } = item;
  const { canWrite } = useFirmAccess();
  const strength = item.reasons.strengths[0];
  const integrations = vendor.integrations;

  // Without a booking link: the spec's "No booking URL available" (Visit Website is the way to
  // the vendor's site).
  const target = meetingTarget(vendor.bookingUrl);
  const onSchedule = () => {
    if (!target) {
      toast({ title: 'No booking URL available', variant: 'destructive' });
      return;
    }
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
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
              {categoryLabel(vendor.categoryName)}
            </span>
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
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        {vendor.websiteUrl ? (
          <OutboundLink href={vendor.websiteUrl} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Visit Website
          </OutboundLink>
        ) : (
          <Button variant="outline" size="sm" disabled>
            Visit Website
          </Button>
        )}
        {canWrite ? (
          <Button size="sm" onClick={onSchedule} disabled={click.isPending}>
            {click.isPending
              ? 'Scheduling...'
              : target?.kind === 'WEBSITE'
                ? `Request a demo on ${vendor.name}'s site`
                : 'Schedule Meeting'}
          </Button>
        ) : null}
        <CompareToggle vendor={vendor} />
        <ShortlistToggle vendorId={vendor.id} vendorName={vendor.name} />
      </div>
    </article>
  );
}
