import type { MonthFigures } from './types';

/**
 * "Your listing's figures" as text: the months of GET /api/vendor/stats read from their YYYY-MM
 * text (no time zone can move a month to the one before), and whether any closed month has a figure
 * yet.
 */

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "November 2026" from "2026-11"; anything else as it came. */
export function monthName(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/** Whether any month has a figure: until one has, the table would be a grid of "Fewer than 5 firms". */
export function hasAnyFigure(months: readonly MonthFigures[]): boolean {
  return months.some((m) => m.firmsViewedProfile != null || m.firmsOpenedScheduler != null);
}
