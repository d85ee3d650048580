import { Button, type ButtonProps } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useFirmAccess } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { meetingTarget, type MeetingTarget } from '@/lib/meeting-clicks';

type ScheduleMeetingButtonProps = Omit<ButtonProps, 'onClick' | 'disabled' | 'children' | 'variant'> & {
  vendorName: string;
  bookingUrl: string | null | undefined;
  /** The click is being recorded: the button is disabled and reads "Scheduling...". */
  pending?: boolean;
  /** Opens `target.url` (inside the click, so no pop-up blocker stops it) and records the click. */
  onSchedule: (target: MeetingTarget) => void;
};

/**
 * "Schedule Meeting": opens the vendor's own scheduler, the card's main action. Without a booking
 * link it is the spec's disabled button in the secondary style, with "No scheduler available"
 * written under it (and in its tooltip: the wrapper keeps the reason reachable by keyboard and
 * pointer, which a disabled button is not); the card's Visit Website is then the main action (see
 * `VisitWebsiteButton`). Disabled while `pending`. Left out for a viewer: a click is recorded for
 * the firm (a write the server refuses them).
 */
export function ScheduleMeetingButton(props: ScheduleMeetingButtonProps) {
  const { canWrite } = useFirmAccess();
  return canWrite ? <ScheduleButton {...props} /> : null;
}

function ScheduleButton({ vendorName, bookingUrl, pending = false, onSchedule, className, ...props }: ScheduleMeetingButtonProps) {
  const target = meetingTarget(bookingUrl);
  if (target) {
    return (
      <Button
        {...props}
        className={cn('h-auto min-h-8', className)}
        disabled={pending}
        onClick={() => onSchedule(target)}
        aria-busy={pending || undefined}
      >
        <span className="py-1 text-center">{pending ? 'Scheduling...' : 'Schedule Meeting'}</span>
      </Button>
    );
  }
  // The wrapper carries the layout classes; the button and the reason under it fill it.
  return (
    <Tooltip content="No scheduler available">
      <span
        tabIndex={0}
        aria-label={`Schedule Meeting with ${vendorName}: No scheduler available`}
        className={cn('flex min-w-0 flex-col gap-1 rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600', className)}
      >
        <Button {...props} variant="outline" className="h-auto min-h-8 w-full" disabled>
          <span className="py-1 text-center">Schedule Meeting</span>
        </Button>
        <span className="text-center text-xs text-slate-600">No scheduler available</span>
      </span>
    </Tooltip>
  );
}
