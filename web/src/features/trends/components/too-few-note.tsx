import { TOO_FEW } from '../change';

/** "* too few bookings to call a trend": the key of the compact changes a panel shows. */
export function TooFewNote() {
  return (
    <p className="mt-2 text-xs text-slate-600" aria-hidden="true">
      * {TOO_FEW} (fewer than 20 in a period): the difference in bookings, no percentage
    </p>
  );
}
