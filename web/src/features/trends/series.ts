import type { Trends } from '@/lib/api/types';
import { formatMonth } from '@/lib/format';

import type { Granularity } from './api/analysis';
import type { TrendBucket, TrendStack } from '@/lib/api/types';
import { formatCount, formatDay } from './format';

/**
 * The series chart's numbers and words, without uPlot (the page reads them; the chart, loaded
 * on demand, draws them).
 */

/** Up to this many days the text alternative lists each day; beyond it, each month. */
export const DAILY_TABLE_LIMIT = 92;

type Daily = Trends['daily'];

export const dayToSeconds = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 1000;
};

/** Days averaged by the trend line. */
const AVERAGE_DAYS = 7;

/**
 * The trailing 7-day average at each day: the bookings of that day and the six before it, over 7
 * (over the days since the first one, for the first six). A day missing from `daily` had none.
 */
export function sevenDayAverage(daily: Daily): number[] {
  const seconds = daily.map((entry) => dayToSeconds(entry.date));
  const first = seconds[0] ?? 0;
  let start = 0;
  let sum = 0;
  return daily.map((entry, i) => {
    sum += entry.count;
    const from = seconds[i]! - (AVERAGE_DAYS - 1) * 86_400;
    while (seconds[start]! < from) {
      sum -= daily[start]!.count;
      start += 1;
    }
    const span = Math.min(AVERAGE_DAYS, Math.round((seconds[i]! - first) / 86_400) + 1);
    return Math.round((sum / span) * 10) / 10;
  });
}

export const unitNames = { day: 'day', week: 'week', month: 'month' } as const;

/** "Jan 5, 2026", "Week of Jan 5, 2026", "Jan 2026": a bucket by its first day. */
export function bucketLabel(start: string, granularity: Granularity): string {
  if (granularity === 'month') return formatMonth(start) ?? start;
  if (granularity === 'week') return `Week of ${formatDay(start)}`;
  return formatDay(start);
}

/** A bucket's label, with " (partial)" when the period cuts it: a low count there is not a drop. */
export function markedBucketLabel(bucket: TrendBucket, granularity: Granularity): string {
  const label = bucketLabel(bucket.start, granularity);
  return bucket.partial ? `${label} (partial ${unitNames[granularity]})` : label;
}

/** The indexes of the partial buckets (the first and last week or month a range cuts). */
export function partialIndexes(series: TrendBucket[]): number[] {
  return series.flatMap((bucket, i) => (bucket.partial ? [i] : []));
}

/**
 * The comparison period's counts aligned to the period's buckets by index: the first bucket of
 * one beside the first of the other. Buckets the comparison lacks are null (no point drawn).
 */
export function alignByIndex(series: TrendBucket[], comparison: TrendBucket[] | null | undefined): Array<number | null> {
  return series.map((_, i) => comparison?.[i]?.count ?? null);
}

/**
 * Each stack's top edge: the counts of it and every stack before it added up, so drawn from the
 * last (the whole bar) to the first, each bar shows its own share.
 */
export function stackTops(stacks: TrendStack[], length: number): number[][] {
  const running = new Array<number>(length).fill(0);
  return stacks.map((stack) => {
    stack.counts.forEach((count, i) => {
      if (i < length) running[i]! += count;
    });
    return [...running];
  });
}

export type SeriesRow = { label: string; count: number; comparison: number | null; partial: boolean };

/**
 * The rows of the chart's table: each bucket (a day series longer than {@link DAILY_TABLE_LIMIT}
 * days is summed by month), with the comparison bucket beside it and partial buckets named so.
 */
export function seriesRows(series: TrendBucket[], granularity: Granularity, comparison?: TrendBucket[] | null): SeriesRow[] {
  const aligned = alignByIndex(series, comparison);
  if (granularity !== 'day' || series.length <= DAILY_TABLE_LIMIT) {
    return series.map((bucket, i) => ({
      label: markedBucketLabel(bucket, granularity),
      count: bucket.count,
      comparison: comparison ? (aligned[i] ?? 0) : null,
      partial: bucket.partial,
    }));
  }
  const months = new Map<string, SeriesRow>();
  series.forEach((bucket, i) => {
    const month = bucket.start.slice(0, 7);
    const row = months.get(month) ?? { label: formatMonth(month) ?? month, count: 0, comparison: comparison ? 0 : null, partial: false };
    row.count += bucket.count;
    if (row.comparison !== null) row.comparison += aligned[i] ?? 0;
    months.set(month, row);
  });
  return [...months.values()];
}

/** "Bookings per day from X to Y; peak N on DATE." — the chart's text alternative. */
export function describeDaily(daily: Daily): string {
  const first = daily[0];
  const last = daily[daily.length - 1];
  if (!first || !last) return 'No bookings in the selected range.';
  const peak = daily.reduce((best, entry) => (entry.count > best.count ? entry : best), first);
  const average = sevenDayAverage(daily).at(-1) ?? 0;
  return `Bookings per day from ${formatDay(first.date)} to ${formatDay(last.date)}; peak ${formatCount(peak.count)} on ${formatDay(peak.date)}; 7-day average ${average.toFixed(1)} at the end.`;
}

/**
 * The text alternative of any series: the day one as it always was; a week or month one names
 * its span, its peak among the whole buckets, and its partial buckets.
 */
export function describeSeries(series: TrendBucket[], granularity: Granularity): string {
  if (granularity === 'day') return describeDaily(series.map((bucket) => ({ date: bucket.start, count: bucket.count })));
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return 'No bookings in the selected range.';
  const whole = series.filter((bucket) => !bucket.partial);
  const peak = (whole.length ? whole : series).reduce((best, bucket) => (bucket.count > best.count ? bucket : best));
  const partial = series.filter((bucket) => bucket.partial).map((bucket) => bucketLabel(bucket.start, granularity));
  const unit = unitNames[granularity];
  const partialText = partial.length ? ` Partial ${unit}s (cut by the range, not a drop): ${partial.join(', ')}.` : '';
  return `Bookings per ${unit} from ${bucketLabel(first.start, granularity)} to ${bucketLabel(last.start, granularity)}; peak ${formatCount(peak.count)} in ${bucketLabel(peak.start, granularity)}.${partialText}`;
}
