import { Button, type ButtonProps } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { useFirmAccess } from '@/lib/auth';
import { withUtm } from '@/lib/outbound';

type ScheduleMeetingButtonProps = Omit<ButtonProps, 'onClick' | 'disabled' | 'children'> & {
  bookingUrl: string | null | undefined;
  /** The click is being recorded: the button is disabled and reads "Scheduling...". */
  pending?: boolean;
  onSchedule: () => void;
};

/**
 * "Schedule Meeting". Disabled while `pending`, and without a usable booking address, when its
 * tooltip says "No scheduler available" (the wrapper keeps the tooltip reachable by keyboard and
 * pointer, which a disabled button is not). Left out for a viewer: a click is recorded for the firm
 * (a write the server refuses them); the card's website link stays.
 */
export function ScheduleMeetingButton(props: ScheduleMeetingButtonProps) {
  const { canWrite } = useFirmAccess();
  return canWrite ? <ScheduleButton {...props} /> : null;
}

function ScheduleButton({ bookingUrl, pending = false, onSchedule, ...props }: ScheduleMeetingButtonProps) {
  const available = withUtm(bookingUrl, 'x') !== null;
  const button = (
    <Button {...props} disabled={!available || pending} onClick={onSchedule} aria-busy={pending || undefined}>
      {pending ? 'Scheduling...' : 'Schedule Meeting'}
    </Button>
  );
  if (available) return button;
  return (
    <Tooltip content="No scheduler available">
      <span tabIndex={0} aria-label="Schedule Meeting: No scheduler available" className="flex rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600">
        {button}
      </span>
    </Tooltip>
  );
}
