import { Icon } from '@/components/ui/icon';
import { useToast } from '@/components/ui/use-toast';
import { OutboundLink } from '@/components/outbound-link';
import { PriceBracket } from '@/components/vendor-card/price-bracket';
import { ScheduleMeetingButton } from '@/components/vendor-card/schedule-meeting-button';
import { VendorLogo } from '@/components/vendor-logo';
import { VendorLogoLink, VendorNameLink } from '@/components/vendor-card/vendor-profile-link';
import { buttonClasses } from '@/components/ui/button';
import { useClientConfig } from '@/lib/client-config';
import { openOutbound } from '@/lib/outbound';
import { getErrorMessage } from '@/lib/api-client';
import { useRecordMeetingClick } from '@/lib/meeting-clicks';

import { useDismissPick } from '../api/dismiss-pick';
import type { Pick } from '../api/types';
import { track } from './matches-state';

/** One saved pick of a stage: logo, name, price, the reason, dismiss, schedule and website. */
export function PickCard({ pick }: { pick: Pick }) {
  const { toast } = useToast();
  const { utmSource } = useClientConfig();
  const dismiss = useDismissPick();
  const click = useRecordMeetingClick({ onSuccess: () => toast({ title: 'Opening scheduler...' }) });

  const onDismiss = () => {
    track('dismiss_vendor', { vendorId: pick.vendorId });
    // The card unmounts once the picks refresh, so the toast hangs on the promise, not on
    // per-call callbacks (which are dropped for an unmounted observer).
    dismiss
      .mutateAsync(pick.vendorId)
      .then(() => toast({ title: 'Vendor dismissed', description: `${pick.name} has been hidden` }))
      .catch((error: unknown) =>
        toast({ title: 'Error', description: getErrorMessage(error, 'Failed to dismiss vendor'), variant: 'destructive' }),
      );
  };

  const onSchedule = () => {
    track('schedule_click', { vendorId: pick.vendorId, sourcePage: 'GET_REC_STAGES' });
    openOutbound(pick.bookingUrl, utmSource);
    click.mutate({ vendorId: pick.vendorId, sourcePage: 'GET_REC_STAGES' });
  };

  return (
    <article className="relative flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={pick.name}>
      <button
        type="button"
        onClick={onDismiss}
        disabled={dismiss.isPending}
        aria-label={`Dismiss ${pick.name}`}
        className="absolute top-2 right-2 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Icon name="close" className="h-4 w-4" />
      </button>
      <div className="flex items-center gap-3 pr-8">
        <VendorLogoLink vendorId={pick.vendorId}>
          <VendorLogo name={pick.name} logoUrl={pick.logoUrl} websiteUrl={pick.websiteUrl} className="h-10 w-10" />
        </VendorLogoLink>
        <div className="min-w-0">
          <h4 className="truncate font-semibold text-slate-900">
            <VendorNameLink vendorId={pick.vendorId}>{pick.name}</VendorNameLink>
          </h4>
          <PriceBracket bracket={pick.priceBracket} />
        </div>
      </div>
      <p className="flex-1 text-sm text-slate-600">{pick.reason}</p>
      <div className="flex flex-wrap gap-2">
        <ScheduleMeetingButton size="sm" bookingUrl={pick.bookingUrl} pending={click.isPending} onSchedule={onSchedule} />
        <OutboundLink href={pick.websiteUrl} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Visit Website
        </OutboundLink>
      </div>
    </article>
  );
}
