import { toast } from '@/components/ui/use-toast';
import { ScheduleMeetingButton } from '@/components/vendor-card/schedule-meeting-button';
import { useClientConfig } from '@/lib/client-config';
import { type MeetingTarget, useRecordMeetingClick } from '@/lib/meeting-clicks';
import { openOutbound } from '@/lib/outbound';

type CompareScheduleButtonProps = {
  vendorId: number;
  vendorName: string;
  bookingUrl: string | null | undefined;
  /** Kept for the callers; the website is Visit Website's. */
  websiteUrl?: string | null | undefined;
};

/** Schedule Meeting in a comparison column (disabled without a scheduler), tracked as sourcePage COMPARE. */
export function CompareScheduleButton({ vendorId, vendorName, bookingUrl }: CompareScheduleButtonProps) {
  const { utmSource } = useClientConfig();
  const click = useRecordMeetingClick({ onSuccess: () => toast({ title: 'Opening scheduler...' }) });
  const schedule = (target: MeetingTarget) => {
    // Opened inside the click itself, so no pop-up blocker stops it, whether or not it is recorded.
    openOutbound(target.url, utmSource);
    click.mutate({ vendorId, sourcePage: 'COMPARE', kind: target.kind });
  };
  return (
    <ScheduleMeetingButton size="sm" vendorName={vendorName} bookingUrl={bookingUrl} pending={click.isPending} onSchedule={schedule} />
  );
}
