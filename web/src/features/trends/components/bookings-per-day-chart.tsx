import { useMemo } from 'react';
import uPlot from 'uplot';

import type { Trends } from '@/lib/api/types';
import { useUplot } from '@/lib/use-uplot';

import { formatCount, formatDay } from '../format';

const HEIGHT = 240;
/** Up to this many days the text alternative lists each day; beyond it, each month. */
const DAILY_TABLE_LIMIT = 92;

type Daily = Trends['daily'];

const dayToSeconds = (day: string) => {
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

function toAligned(daily: Daily): uPlot.AlignedData {
  return [daily.map((entry) => dayToSeconds(entry.date)), daily.map((entry) => entry.count), sevenDayAverage(daily)];
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

/** Rows of the hidden table: each day for short ranges, each month for long ones. */
export function tableRows(daily: Daily): Array<{ label: string; count: number }> {
  if (daily.length <= DAILY_TABLE_LIMIT) return daily.map((entry) => ({ label: formatDay(entry.date), count: entry.count }));
  const months = new Map<string, number>();
  for (const entry of daily) {
    const month = entry.date.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + entry.count);
  }
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return [...months].map(([month, count]) => ({ label: monthName.format(dayToSeconds(`${month}-01`) * 1000), count }));
}

function chartOptions(width: number): uPlot.Options {
  return {
    width: Math.max(width, 200),
    height: HEIGHT,
    // The days are calendar days: label them in UTC so no time zone shifts them.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_self, _min, max) => [0, Math.max(1, max)] } },
    axes: [
      { stroke: '#475569', grid: { stroke: '#f1f5f9' }, ticks: { stroke: '#e2e8f0' } },
      {
        stroke: '#475569',
        grid: { stroke: '#f1f5f9' },
        ticks: { stroke: '#e2e8f0' },
        size: 56,
        // Bookings are whole numbers: no 0.5 ticks.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000],
      },
    ],
    series: [
      {},
      {
        label: 'Bookings',
        // Each day a bar, so a single busy day reads as one day, not as a slope.
        stroke: '#a5b4fc',
        fill: 'rgba(99, 102, 241, 0.35)',
        paths: uPlot.paths.bars!({ size: [0.8, 24], align: 0 }),
        points: { show: false },
      },
      {
        label: '7-day average',
        stroke: '#312e81',
        width: 2,
        points: { show: false },
      },
    ],
  };
}

/**
 * Bookings per day for the current filters, drawn with uPlot: a bar per day and the trailing
 * 7-day average as a line over them. The plot is created once; new
 * data goes in with `setData` and a ResizeObserver keeps it as wide as its box. The caption and
 * a visually hidden table say the same in words.
 */
export function BookingsPerDayChart({ daily }: { daily: Daily }) {
  const data = useMemo(() => toAligned(daily), [daily]);
  const containerRef = useUplot(chartOptions, data, HEIGHT);

  const summary = describeDaily(daily);
  const rows = tableRows(daily);
  return (
    <figure className="relative">
      <div ref={containerRef} role="img" aria-label={summary} className="min-h-60 w-full" />
      {daily.length === 0 ? (
        <p className="absolute inset-0 grid place-items-center text-sm text-slate-500">No bookings in the selected range.</p>
      ) : null}
      <figcaption className="mt-2 text-xs text-slate-500">
        <span aria-hidden="true" className="mr-3 inline-flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-indigo-300" /> Bookings per day
        </span>
        <span aria-hidden="true" className="mr-3 inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-indigo-900" /> 7-day average
        </span>
        {summary}
      </figcaption>
      {rows.length ? (
        <table className="sr-only">
          <caption>{daily.length <= DAILY_TABLE_LIMIT ? 'Bookings per day' : 'Bookings per month'}</caption>
          <thead>
            <tr>
              <th scope="col">{daily.length <= DAILY_TABLE_LIMIT ? 'Day' : 'Month'}</th>
              <th scope="col">Bookings</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{formatCount(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </figure>
  );
}
