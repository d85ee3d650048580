import type { TrendChange } from '@/lib/api/types';
import { formatCount } from '@/lib/format';

/**
 * A change between the period and its comparison, as the API gives it: the difference in bookings
 * and, only when both periods have at least {@link TREND_MINIMUM} bookings, the percentage
 * (rounded to one decimal by the server).
 */
export type Change = TrendChange;

/** Bookings each period needs before a change is given as a percentage (the server's rule). */
export const TREND_MINIMUM = 20;

export const TOO_FEW = 'too few bookings to call a trend';

/** The page help's one statement of the rule. */
export const CHANGE_RULE = `A change is given as a percentage only when both periods have at least ${TREND_MINIMUM} bookings; otherwise the difference is shown and marked \u201c${TOO_FEW}\u201d.`;

/** "+12", "-3", "0": a signed count. */
export function signedCount(n: number): string {
  return n > 0 ? `+${formatCount(n)}` : n < 0 ? `-${formatCount(-n)}` : '0';
}

/** "+10.0%", "-4.5%", "0.0%". */
export function signedPercent(percent: number): string {
  return `${percent > 0 ? '+' : percent < 0 ? '-' : ''}${Math.abs(percent).toFixed(1)}%`;
}

/** The percentage of a change, or null when it has none (too few bookings, or nothing to compare with). */
export function changePercent(change: Change): string | null {
  return change.tooFew || change.percent == null ? null : signedPercent(change.percent);
}

/**
 * A change in words: "+12 (+10.0%)"; with too few bookings "+3, too few bookings to call a trend";
 * with nothing to compare with (a percentage of 0 is none) just "+45".
 */
export function formatChange(change: Change): string {
  const difference = signedCount(change.difference);
  if (change.tooFew) return `${difference}, ${TOO_FEW}`;
  const percent = changePercent(change);
  return percent ? `${difference} (${percent})` : difference;
}

/** Green for a rise, red for a fall; grey when flat or when there are too few bookings to say. */
export function changeTone(change: Change): 'up' | 'down' | 'neutral' {
  if (change.tooFew || change.difference === 0) return 'neutral';
  return change.difference > 0 ? 'up' : 'down';
}

export const toneClasses = { up: 'text-emerald-700', down: 'text-red-700', neutral: 'text-slate-600' } as const;
