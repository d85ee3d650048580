import { useState } from 'react';

import { Icon } from '@/components/ui/icon';
import { useToast } from '@/components/ui/use-toast';
import { CompareToggle } from '@/components/vendor-card/compare-toggle';
import { PriceBracket } from '@/components/vendor-card/price-bracket';
import { ScheduleMeetingButton } from '@/components/vendor-card/schedule-meeting-button';
import { ShortlistToggle } from '@/components/vendor-card/shortlist-toggle';
import { VisitWebsiteButton } from '@/components/vendor-card/visit-website-button';
import { VendorLogo } from '@/components/vendor-logo';
import { VendorLogoLink, VendorNameLink, vendorNameClasses } from '@/components/vendor-card/vendor-profile-link';
import type { DismissRequest, Pick } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { useFirmAccess } from '@/lib/auth';
import { useClientConfig } from '@/lib/client-config';
import { openOutbound } from '@/lib/outbound';
import { type MeetingTarget, useRecordMeetingClick } from '@/lib/meeting-clicks';

import { useDismissPick, useUndoPickDismissal } from '../api/dismiss-pick';
import { DismissDialog } from './dismiss-dialog';
import { track } from './analytics';

/**
 * One saved pick of a stage: logo, name, price, the reason; shortlist, compare and dismiss as
 * named icon buttons; then at most two buttons, Schedule Meeting and Visit Website.
 */
export function PickCard({ pick }: { pick: Pick }) {
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  const { utmSource } = useClientConfig();
  const dismiss = useDismissPick();
  const undoDismissal = useUndoPickDismissal();
  const { canWrite } = useFirmAccess();
  const click = useRecordMeetingClick();

  // The card unmounts once the picks refresh, so the toast hangs on the promise, not on per-call
  // callbacks (which are dropped for an unmounted observer). A failure stays in the dialog. The
  // server refills the stage from the remaining candidates; Undo puts the pick back in its place.
  const onDismiss = (input: DismissRequest) => {
    track('dismiss_vendor', { vendorId: pick.vendorId, reason: input.reason });
    return dismiss.mutateAsync(input).then(() => {
      setAsking(false);
      toast({
        title: 'Vendor dismissed',
        description: `${pick.name} has been hidden`,
        action: {
          label: 'Undo',
          altText: `Undo: bring ${pick.name} back. Press F8 to reach this button, or undo it under Past Recommendations.`,
          onAction: () => undoDismissal(pick.vendorId, pick.name),
        },
      });
    });
  };

  const onSchedule = (target: MeetingTarget) => {
    track('schedule_click', { vendorId: pick.vendorId, sourcePage: 'GET_REC_STAGES' });
    openOutbound(target.url, utmSource);
    toast({ title: `Opening ${pick.name}'s scheduler` });
    click.mutate({ vendorId: pick.vendorId, sourcePage: 'GET_REC_STAGES', kind: target.kind });
  };

  return (
    <article className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={pick.name}>
      {/* The logo and the icon buttons share the first row, so the name below has the card's
          whole width: it wraps between words, never inside one ("Lawmatic/s"). */}
      <div className="flex items-start justify-between gap-3">
        <VendorLogoLink vendorId={pick.vendorId}>
          <VendorLogo name={pick.name} logoUrl={pick.logoUrl} websiteUrl={pick.websiteUrl} className="h-10 w-10" />
        </VendorLogoLink>
        <div className="-mt-1 -mr-1 flex shrink-0 items-center gap-1">
          <ShortlistToggle vendorId={pick.vendorId} vendorName={pick.name} display="icon" />
          <CompareToggle vendor={{ id: pick.vendorId, name: pick.name }} display="icon" />
          {canWrite ? (
            <button
              type="button"
              onClick={() => setAsking(true)}
              disabled={dismiss.isPending}
              aria-label={`Dismiss ${pick.name}`}
              title={`Dismiss ${pick.name}`}
              className="rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <Icon name="close" className="h-4 w-4" />
            </button>
          ) : null}
        </div>
      </div>
      <div className="-mt-1 min-w-0">
        <h4 className={cn('font-semibold text-slate-900', vendorNameClasses)} title={pick.name}>
          <VendorNameLink vendorId={pick.vendorId}>{pick.name}</VendorNameLink>
        </h4>
        <PriceBracket bracket={pick.priceBracket} provenance={pick.price} />
      </div>
      {canWrite ? (
        <DismissDialog
          vendorId={pick.vendorId}
          vendorName={pick.name}
          open={asking}
          onOpenChange={setAsking}
          onDismiss={onDismiss}
          pending={dismiss.isPending}
        />
      ) : null}
      <div className="flex-1 space-y-1.5">
        <p className="text-sm text-slate-600">{pick.reason}</p>
        {pick.tie ? (
          <p className="flex items-start gap-1.5 text-xs text-slate-600">
            <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">Tie</span>
            <span>{pick.tie}</span>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 [&>*]:grow">
        <ScheduleMeetingButton
          size="sm"
          vendorName={pick.name}
          bookingUrl={pick.bookingUrl}
          pending={click.isPending}
          onSchedule={onSchedule}
        />
        <VisitWebsiteButton
          vendorId={pick.vendorId}
          vendorName={pick.name}
          websiteUrl={pick.websiteUrl}
          bookingUrl={pick.bookingUrl}
          sourcePage="GET_REC_STAGES"
        />
      </div>
    </article>
  );
}
