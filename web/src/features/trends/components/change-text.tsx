import { cn } from '@/lib/cn';

import { changePercent, changeTone, formatChange, signedCount, toneClasses, TOO_FEW, type Change } from '../change';

/**
 * A change as text. Full: "+12 (+10.0%)" or "+3, too few bookings to call a trend". Compact (a
 * narrow column): "+10.0%" or "+3*", the words for screen readers and, once per panel, in
 * {@link TooFewNote}.
 */
export function ChangeText({ change, compact = false, className }: { change: Change; compact?: boolean; className?: string }) {
  const tone = toneClasses[changeTone(change)];
  if (!compact) return <span className={cn(tone, className)}>{formatChange(change)}</span>;
  const percent = changePercent(change);
  return (
    <span className={cn(tone, 'tabular-nums', className)}>
      {percent ?? signedCount(change.difference)}
      {change.tooFew ? (
        <>
          <span aria-hidden="true">*</span>
          <span className="sr-only">, {TOO_FEW}</span>
        </>
      ) : null}
    </span>
  );
}
