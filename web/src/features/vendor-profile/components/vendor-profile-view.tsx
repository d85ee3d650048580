import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';

import { useToast } from '@/components/ui/use-toast';
import { CompareToggle } from '@/components/vendor-card/compare-toggle';
import { PartnerBadge } from '@/components/vendor-card/partner-badge';
import { PriceBracket } from '@/components/vendor-card/price-bracket';
import { ScheduleMeetingButton } from '@/components/vendor-card/schedule-meeting-button';
import { ShortlistToggle } from '@/components/vendor-card/shortlist-toggle';
import { VisitWebsiteButton } from '@/components/vendor-card/visit-website-button';
import { VendorLogo } from '@/components/vendor-logo';
import { ViewOnlyNote } from '@/components/view-only-note';
import { DemoRequestPanel } from '@/components/demo-request/demo-request-panel';
import { vendorsInCategoryPath } from '@/config/links';
import { paths } from '@/config/paths';
import type { VendorProfile } from '@/lib/api/types';
import { useClientConfig } from '@/lib/client-config';
import { type MeetingTarget, useRecordMeetingClick } from '@/lib/meeting-clicks';
import { openOutbound } from '@/lib/outbound';

import { vendorProfileQueryKey } from '../api/get-vendor-profile';
import { AlternativesSection } from './alternatives-section';
import { EvidenceSection } from './evidence-section';
import { FactsSection } from './facts-section';
import { HistorySection } from './history-section';
import { PricesSection } from './prices-section';
import { ProfileDetails } from './profile-details';
import { SecuritySection } from './security-section';

/** A vendor's profile once loaded. */
export function VendorProfileView({ id, profile }: { id: string; profile: VendorProfile }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const { utmSource } = useClientConfig();
  const click = useRecordMeetingClick({
    onSuccess: () => {
      toast({ title: 'Opening scheduler...' });
      void queryClient.invalidateQueries({ queryKey: vendorProfileQueryKey(id) });
    },
  });
  const schedule = (target: MeetingTarget) => {
    openOutbound(target.url, utmSource);
    click.mutate({ vendorId: profile.id, sourcePage: 'PROFILE', kind: target.kind });
  };

  return (
    <article aria-labelledby="vendor-name" className="space-y-8">
      <Link href={paths.vendors} className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
        ← Browse Vendors
      </Link>

      {profile.isActive ? null : (
        <p role="note" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {profile.name} is no longer active: Litstack no longer recommends it. Its facts are kept for reference.
        </p>
      )}

      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <VendorLogo name={profile.name} logoUrl={profile.logoUrl} websiteUrl={profile.websiteUrl} className="h-16 w-16" />
          <div className="min-w-0 space-y-2">
            <h1 id="vendor-name" className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
              {profile.name}
            </h1>
            <div className="flex flex-wrap items-center gap-2">
              <Link
                href={vendorsInCategoryPath(profile.category.id)}
                className="inline-flex items-center rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-200 ring-inset hover:bg-indigo-100"
              >
                {profile.category.label}
              </Link>
              <PartnerBadge isRecommendedPartner={profile.isRecommendedPartner} partnerLevel={profile.partnerLevel} />
              <PriceBracket bracket={profile.priceBracket} provenance={profile.facts.price} />
            </div>
            <p className="text-xs text-slate-500">
              <a
                href="#facts-and-sources"
                className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                Where each fact comes from
              </a>
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <CompareToggle vendor={{ id: profile.id, name: profile.name }} />
          <ShortlistToggle vendorId={profile.id} vendorName={profile.name} />
          <VisitWebsiteButton
            vendorId={profile.id}
            vendorName={profile.name}
            websiteUrl={profile.websiteUrl}
            bookingUrl={profile.bookingUrl}
            sourcePage="PROFILE"
          />
          <ScheduleMeetingButton
            size="sm"
            vendorName={profile.name}
            bookingUrl={profile.bookingUrl}
            pending={click.isPending}
            onSchedule={schedule}
          />
        </div>
      </header>
      <ViewOnlyNote className="mb-0" />
      {profile.isActive ? <DemoRequestPanel vendorId={profile.id} vendorName={profile.name} /> : null}

      <EvidenceSection vendorId={id} />
      <PricesSection profile={profile} />
      <ProfileDetails profile={profile} />
      <SecuritySection name={profile.name} security={profile.facts.security} />
      <FactsSection profile={profile} />
      <HistorySection profile={profile} />
      <AlternativesSection profile={profile} />
    </article>
  );
}
