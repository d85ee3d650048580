import type { PriceFigure, ShownCount, SizeRef, SourcePage } from '@/lib/api/types';
import { formatDate as formatDay, formatDollars, formatMonth, formatShown } from '@/lib/format';

/** "Mar 2026" from "2026-03"; read from the text so no time zone moves it. */
export function monthLabel(key: string): string {
  return /^\d{4}-\d{2}$/.test(key) ? (formatMonth(key) ?? key) : key;
}

/** "Mar 2026" or "Mar 2026 – May 2026" for a group of months. */
export function monthRangeLabel(from: string, to: string): string {
  return from === to ? monthLabel(from) : `${monthLabel(from)} – ${monthLabel(to)}`;
}

/** The months from `from` to `to` (YYYY-MM), both included. */
export function monthsBetween(from: string, to: string): string[] {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  const out: string[] = [];
  let y = fy ?? 0;
  let m = fm ?? 1;
  while (y < (ty ?? 0) || (y === ty && m <= (tm ?? 0))) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** "Nov 3, 2026" from an RFC 3339 time. */
export function formatDate(iso: string): string {
  return formatDay(iso);
}

/** Where a meeting click came from, as the screens are named. */
export const sourcePageLabels: Record<SourcePage, string> = {
  BROWSE: 'Browse Vendors',
  PAST_RECS: 'Past Recommendations',
  GET_REC_STAGES: 'a stage pick',
  GET_REC: 'questionnaire results',
  COMPARE: 'the comparison',
  PROFILE: 'this profile',
};

/** "12 demo bookings", "fewer than 5 demo bookings", "1 demo booking" never (1 is never shown). */
export function bookingsText(count: ShownCount): string {
  return `${formatShown(count)} demo booking${count.value === 1 ? '' : 's'}`;
}

/** "6-20", or "Solo, 2-5 and 6-20 together" for neighbouring sizes shown as one. */
export function sizesLabel(sizes: SizeRef[]): string {
  const labels = sizes.map((s) => s.label);
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]} together`;
}

/**
 * The median band ("$200 – $500") and the middle half ("$100 – $1,000": from the lower quartile's
 * band to the upper quartile's) per seat a year, each null when the server shows no band for it
 * (a band needs 7 firms in lower bands and 7 in higher ones; the middle half needs both quartiles);
 * null as a whole when no count is shown (fewer than 5 firms shared, or withheld). Only the
 * server's fixed bands, never a price.
 */
export function priceText(figure: PriceFigure): { median: string | null; middle: string | null } | null {
  if (figure.firms.value == null) return null;
  const { lowerQuartile: low, median, upperQuartile: high } = figure;
  let middle: string | null = null;
  if (low && high) {
    const to = high.to;
    if (to == null) middle = `${formatDollars(low.from)} or more`;
    else if (low.from === 0) middle = `under ${formatDollars(to)}`;
    else middle = `${formatDollars(low.from)} – ${formatDollars(to)}`;
  }
  return { median: median?.text ?? null, middle };
}
