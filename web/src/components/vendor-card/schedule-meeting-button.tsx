import { Button, type ButtonProps } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useFirmAccess } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { meetingTarget, type MeetingTarget } from '@/lib/meeting-clicks';

type ScheduleMeetingButtonProps = Omit<ButtonProps, 'onClick' | 'disabled' | 'children'> & {
  vendorName: string;
  bookingUrl: string | null | undefined;
  websiteUrl: string | null | undefined;
  /** The click is being recorded: the button is disabled and reads "Scheduling...". */
  pending?: boolean;
  /** Opens `target.url` (inside the click, so no pop-up blocker stops it) and records the click. */
  onSchedule: (target: MeetingTarget) => void;
};

/**
 * "Schedule Meeting" for a vendor with a booking link; for one without, "Request a demo on
 * {vendor}'s site", which opens its website (tracked as a website click, counted apart). Disabled
 * while `pending`, and for a vendor with neither, when its tooltip says so (the wrapper keeps the
 * tooltip reachable by keyboard and pointer, which a disabled button is not). Left out for a
 * viewer: a click is recorded for the firm (a write the server refuses them); the card's website
 * link stays.
 */
export function ScheduleMeetingButton(props: ScheduleMeetingButtonProps) {
  const { canWrite } = useFirmAccess();
  return canWrite ? <ScheduleButton {...props} /> : null;
}

function ScheduleButton({
  vendorName,
  bookingUrl,
  websiteUrl,
  pending = false,
  onSchedule,
  className,
  ...props
}: ScheduleMeetingButtonProps) {
  const target = meetingTarget(bookingUrl, websiteUrl);
  const label = target?.kind === 'WEBSITE' ? `Request a demo on ${vendorName}'s site` : 'Schedule Meeting';
  const button = (
    <Button
      {...props}
      className={cn('h-auto min-h-8', className)}
      disabled={!target || pending}
      onClick={() => target && onSchedule(target)}
      aria-busy={pending || undefined}
    >
      <span className="py-1 text-center whitespace-normal">{pending ? 'Scheduling...' : label}</span>
    </Button>
  );
  if (target) return button;
  return (
    <Tooltip content="No scheduler or website available">
      <span
        tabIndex={0}
        aria-label="Schedule Meeting: No scheduler or website available"
        className="flex rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {button}
      </span>
    </Tooltip>
  );
}
