import { formatCount, formatDate } from '@/lib/format';
import type { DemoBooking } from '@/lib/api/types';
import { stateName, isUnknownState } from '@/lib/us-states';

/** Where a booking happened: cityState, else the state's name, else the metro area. */
export function bookingLocation(booking: Pick<DemoBooking, 'cityState' | 'state' | 'dma'>): string {
  if (booking.cityState?.trim()) return booking.cityState.trim();
  if (!isUnknownState(booking.state)) return stateName(booking.state ?? '');
  if (booking.dma?.trim()) return booking.dma.trim();
  return 'Unknown Location';
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * "Just Now", "1 hour ago" ... "3 hours ago" while under four hours old, else a short en-US
 * date; "Unknown Date" when missing or unreadable.
 */
export function relativeBookingDate(createdTime: string | null | undefined, now: number = Date.now()): string {
  if (!createdTime) return 'Unknown Date';
  const time = Date.parse(createdTime);
  if (Number.isNaN(time)) return 'Unknown Date';
  const hours = Math.floor((now - time) / HOUR_MS);
  if (hours < 1) return 'Just Now';
  if (hours === 1) return '1 hour ago';
  if (hours < 4) return `${hours} hours ago`;
  return formatDate(createdTime);
}

/** "+12.3%" / "-4.0%" change of `current` over `previous`; null when there is nothing to compare. */
export function percentChange(current: number, previous: number): string | null {
  if (previous <= 0) return null;
  const change = ((current - previous) / previous) * 100;
  const rounded = Math.round(change * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(1)}%`;
}

export { formatCount };

/** "Jan 5, 2026" for a YYYY-MM-DD day, read as a calendar day (not shifted by the time zone). */
export const formatDay = (day: string): string => formatDate(day);

/** The sample-data banner: "{n} of {m} bookings shown are generated sample data". */
export function sampleBannerText(sampleCount: number, total: number): string {
  return `${formatCount(sampleCount)} of ${formatCount(total)} bookings shown are generated sample data`;
}
