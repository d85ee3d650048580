import { toast } from '@/components/ui/use-toast';
import { ScheduleMeetingButton } from '@/components/vendor-card/schedule-meeting-button';
import { useClientConfig } from '@/lib/client-config';
import { useRecordMeetingClick } from '@/lib/meeting-clicks';
import { openOutbound } from '@/lib/outbound';

/** Schedule Meeting in a comparison column, tracked as sourcePage COMPARE. */
export function CompareScheduleButton({ vendorId, bookingUrl }: { vendorId: number; bookingUrl: string | null | undefined }) {
  const { utmSource } = useClientConfig();
  const click = useRecordMeetingClick({ onSuccess: () => toast({ title: 'Opening scheduler...' }) });
  const schedule = () => {
    // Opened inside the click itself, so no pop-up blocker stops it, whether or not it is recorded.
    openOutbound(bookingUrl, utmSource);
    click.mutate({ vendorId, sourcePage: 'COMPARE' });
  };
  return <ScheduleMeetingButton size="sm" bookingUrl={bookingUrl} pending={click.isPending} onSchedule={schedule} />;
}
