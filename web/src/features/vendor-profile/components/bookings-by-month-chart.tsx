import { useMemo } from 'react';
import uPlot from 'uplot';

import type { VendorEvidence } from '@/lib/api/types';
import { useUplot } from '@/lib/use-uplot';
import { formatShown } from '@/lib/format';

import { bookingsText, monthLabel, monthRangeLabel, monthsBetween } from '../format';

const HEIGHT = 220;

type Months = VendorEvidence['months'];

const monthToSeconds = (key: string) => {
  const [y, m] = key.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, 1) / 1000;
};

/**
 * One bar per month. Months the server shows only together with their neighbours (each had
 * fewer than 5 bookings) have no bar of their own: the chart leaves them empty rather than
 * invent a split, and the table names the group.
 */
export function toAligned(months: Months): uPlot.AlignedData {
  const xs: number[] = [];
  const ys: Array<number | null> = [];
  for (const group of months) {
    for (const key of monthsBetween(group.from, group.to)) {
      xs.push(monthToSeconds(key));
      ys.push(group.from === group.to ? (group.count.value ?? null) : null);
    }
  }
  return [xs, ys];
}

function chartOptions(width: number): uPlot.Options {
  return {
    width: Math.max(width, 200),
    height: HEIGHT,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_self, _min, max) => [0, Math.max(5, max)] } },
    axes: [
      { stroke: '#475569', grid: { show: false }, ticks: { stroke: '#e2e8f0' } },
      {
        stroke: '#475569',
        grid: { stroke: '#f1f5f9' },
        ticks: { stroke: '#e2e8f0' },
        size: 48,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000],
      },
    ],
    series: [
      {},
      {
        label: 'Demo bookings',
        stroke: '#4f46e5',
        fill: 'rgba(79, 70, 229, 0.55)',
        width: 1,
        paths: uPlot.paths.bars?.({ size: [0.7, 32] }),
        points: { show: false },
      },
    ],
  };
}

/** "Demo bookings per month from Dec 2024 to Nov 2026: 12 in all." — the chart's text alternative. */
export function describeMonths(months: Months, total: VendorEvidence['total']): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) {
    // Never "no bookings": none is hidden as 1 to 4 are, so this reads as the total does.
    const words = bookingsText(total);
    return `${words.charAt(0).toUpperCase()}${words.slice(1)} in the last 24 months.`;
  }
  return `Demo bookings per month from ${monthLabel(first.from)} to ${monthLabel(last.to)}: ${bookingsText(total)} in all.`;
}

/** The vendor's real demo bookings per month (24 months), with a table for screen readers. */
export function BookingsByMonthChart({ months, total }: { months: Months; total: VendorEvidence['total'] }) {
  const data = useMemo(() => toAligned(months), [months]);
  const containerRef = useUplot(chartOptions, data, HEIGHT);

  const summary = describeMonths(months, total);
  const grouped = months.some((g) => g.from !== g.to);
  return (
    // Relative, so the visually hidden table is placed inside the card, never past the screen's edge.
    <figure className="relative">
      <div ref={containerRef} role="img" aria-label={summary} className="min-h-55 w-full" />
      <figcaption className="mt-2 text-xs text-slate-500">
        {summary}
        {grouped ? ' Months with fewer than 5 bookings are counted together with their neighbours and have no bar of their own.' : ''}
      </figcaption>
      {/* The wrapper, not the table, is visually hidden: a table never shrinks to 1px and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Demo bookings per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Demo bookings</th>
            </tr>
          </thead>
          <tbody>
            {months.map((group) => (
              <tr key={group.from}>
                <th scope="row">
                  {monthRangeLabel(group.from, group.to)}
                  {group.from === group.to ? '' : ' (together)'}
                </th>
                <td>{formatShown(group.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
