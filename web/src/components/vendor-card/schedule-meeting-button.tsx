import { Button, type ButtonProps } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useFirmAccess } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { meetingTarget, type MeetingTarget } from '@/lib/meeting-clicks';

type ScheduleMeetingButtonProps = Omit<ButtonProps, 'onClick' | 'disabled' | 'children'> & {
  vendorName: string;
  bookingUrl: string | null | undefined;
  /** The click is being recorded: the button is disabled and reads "Scheduling...". */
  pending?: boolean;
  /** Opens `target.url` (inside the click, so no pop-up blocker stops it) and records the click. */
  onSchedule: (target: MeetingTarget) => void;
};

/**
 * "Schedule Meeting": opens the vendor's own scheduler. Without a booking link it is the spec's
 * disabled button with the tooltip "No scheduler available" (the wrapper keeps the tooltip
 * reachable by keyboard and pointer, which a disabled button is not); the card's Visit Website is
 * the way to the vendor's site, so no second button leads there. Disabled while `pending`. Left
 * out for a viewer: a click is recorded for the firm (a write the server refuses them).
 */
export function ScheduleMeetingButton(props: ScheduleMeetingButtonProps) {
  const { canWrite } = useFirmAccess();
  return canWrite ? <ScheduleButton {...props} /> : null;
}

function ScheduleButton({ vendorName, bookingUrl, pending = false, onSchedule, className, ...props }: ScheduleMeetingButtonProps) {
  const target = meetingTarget(bookingUrl);
  const button = (
    <Button
      {...props}
      // Without a scheduler the wrapper below carries the layout classes and the button fills it.
      className={cn('h-auto min-h-8', target ? className : 'w-full')}
      disabled={!target || pending}
      onClick={() => target && onSchedule(target)}
      aria-busy={pending || undefined}
    >
      <span className="py-1 text-center">{pending ? 'Scheduling...' : 'Schedule Meeting'}</span>
    </Button>
  );
  if (target) return button;
  return (
    <Tooltip content="No scheduler available">
      <span
        tabIndex={0}
        aria-label={`Schedule Meeting with ${vendorName}: No scheduler available`}
        className={cn('flex min-w-0 rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600', className)}
      >
        {button}
      </span>
    </Tooltip>
  );
}
