import { useMemo, useRef } from 'react';
import uPlot from 'uplot';

import { useUplot } from '@/lib/use-uplot';

import type { Granularity } from '../api/analysis';
import type { TrendBucket, TrendStack } from '@/lib/api/types';
import { formatCount } from '../format';
import {
  alignByIndex,
  DAILY_TABLE_LIMIT,
  dayToSeconds,
  describeSeries,
  partialIndexes,
  seriesRows,
  sevenDayAverage,
  stackTops,
  unitNames,
} from '../series';

const HEIGHT = 240;
const tickFormat = {
  day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  week: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
};
/** A bucket's usual length, for the room around the first and last bars. */
const BUCKET_SECONDS = { day: 86_400, week: 7 * 86_400, month: 30 * 86_400 } as const;

/** Nine distinguishable colours for the top 8 categories and Other (slate). */
export const STACK_COLORS = ['#4f46e5', '#0891b2', '#059669', '#d97706', '#db2777', '#7c3aed', '#0d9488', '#ea580c'];
export const OTHER_COLOR = '#94a3b8';
export const stackColor = (stack: TrendStack, index: number) =>
  stack.other ? OTHER_COLOR : (STACK_COLORS[index % STACK_COLORS.length] ?? OTHER_COLOR);

const COMPARISON_STROKE = '#0f172a';

type ChartInput = {
  series: TrendBucket[];
  granularity: Granularity;
  stacks: TrendStack[] | null;
  comparison: TrendBucket[] | null;
};

/** Diagonal white stripes: laid over a partial bucket, its bar reads lighter and hatched. */
function hatchPattern(ctx: CanvasRenderingContext2D): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = 8;
  tile.height = 8;
  const t = tile.getContext('2d');
  if (!t) return 'rgba(255,255,255,0.6)';
  t.fillStyle = 'rgba(255,255,255,0.45)';
  t.fillRect(0, 0, 8, 8);
  t.strokeStyle = 'rgba(255,255,255,0.95)';
  t.lineWidth = 2;
  t.beginPath();
  t.moveTo(-2, 10);
  t.lineTo(10, -2);
  t.moveTo(-2, 2);
  t.lineTo(2, -2);
  t.moveTo(6, 10);
  t.lineTo(10, 6);
  t.stroke();
  return ctx.createPattern(tile, 'repeat') ?? 'rgba(255,255,255,0.6)';
}

function toAligned({ series, granularity, stacks, comparison }: ChartInput): uPlot.AlignedData {
  const xs = series.map((bucket) => dayToSeconds(bucket.start));
  const columns: Array<Array<number | null>> = [];
  if (stacks && stacks.length) {
    // Drawn last-stack-first: the whole bar, then each smaller top edge over it.
    columns.push(...stackTops(stacks, series.length).reverse());
  } else {
    columns.push(series.map((bucket) => bucket.count));
    if (granularity === 'day') columns.push(sevenDayAverage(series.map((bucket) => ({ date: bucket.start, count: bucket.count }))));
  }
  if (comparison) columns.push(alignByIndex(series, comparison));
  return [xs, ...columns] as uPlot.AlignedData;
}

function chartOptions(input: ChartInput, partial: { current: number[] }) {
  return (width: number): uPlot.Options => {
    const bars = (fill: string, stroke: string): uPlot.Series => ({
      stroke,
      fill,
      paths: uPlot.paths.bars!({ size: [0.8, 48], align: 0 }),
      points: { show: false },
    });
    const drawn: uPlot.Series[] = [];
    if (input.stacks && input.stacks.length) {
      const stacks = input.stacks.map((stack, i) => ({ stack, color: stackColor(stack, i) }));
      for (const { stack, color } of stacks.reverse()) drawn.push({ label: stack.label, ...bars(color, color) });
    } else {
      // Each bucket a bar, so a single busy day reads as one day, not as a slope.
      drawn.push({ label: 'Bookings', ...bars('rgba(99, 102, 241, 0.35)', '#a5b4fc') });
      if (input.granularity === 'day') drawn.push({ label: '7-day average', stroke: '#312e81', width: 2, points: { show: false } });
    }
    if (input.comparison) {
      drawn.push({
        label: 'Comparison period',
        stroke: COMPARISON_STROKE,
        width: 2,
        dash: [6, 4],
        points: { show: false },
        spanGaps: false,
      });
    }
    return {
      width: Math.max(width, 200),
      height: HEIGHT,
      // The days are calendar days: label them in UTC so no time zone shifts them.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        // Half a bucket of room at each end, so the first and last bars are whole (and a partial
        // one's hatching shows).
        x: {
          time: true,
          range: (_self, min, max) => [min - BUCKET_SECONDS[input.granularity] / 2, max + BUCKET_SECONDS[input.granularity] / 2],
        },
        y: { range: (_self, _min, max) => [0, Math.max(1, max)] },
      },
      axes: [
        {
          stroke: '#475569',
          grid: { stroke: '#f1f5f9' },
          ticks: { stroke: '#e2e8f0' },
          // Weeks and months: a tick on a bucket's first day (as many as fit, at most 12), labelled as one.
          ...(input.granularity === 'day'
            ? {}
            : {
                splits: (u: uPlot) => {
                  const xs = Array.from(u.data[0]);
                  // As many labels as fit: about 64 px for "Mar 16", 84 px for "Mar 2026".
                  const fit = Math.max(2, Math.floor(u.width / (input.granularity === 'month' ? 84 : 64)));
                  const step = Math.max(1, Math.ceil(xs.length / Math.min(12, fit)));
                  return xs.filter((_, i) => i % step === 0);
                },
                values: (_u: uPlot, splits: number[]) => splits.map((x) => tickFormat[input.granularity].format(x * 1000)),
              }),
        },
        {
          stroke: '#475569',
          grid: { stroke: '#f1f5f9' },
          ticks: { stroke: '#e2e8f0' },
          size: 56,
          // Bookings are whole numbers: no 0.5 ticks.
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000],
        },
      ],
      series: [{}, ...drawn],
      hooks: {
        // A partial bucket's bar is hatched over (lighter, striped) under the comparison line.
        drawSeries: [
          (u, seriesIndex) => {
            const barsDone = input.stacks && input.stacks.length ? input.stacks.length : 1;
            if (seriesIndex !== barsDone || partial.current.length === 0) return;
            const xs = u.data[0];
            const ctx = u.ctx;
            ctx.save();
            ctx.fillStyle = hatchPattern(ctx);
            for (const i of partial.current) {
              const x = xs[i];
              if (x === undefined) continue;
              const gap = i + 1 < xs.length ? xs[i + 1]! - x : i > 0 ? x - xs[i - 1]! : 7 * 86_400;
              const left = Math.max(u.valToPos(x - gap / 2, 'x', true), u.bbox.left);
              const right = Math.min(u.valToPos(x + gap / 2, 'x', true), u.bbox.left + u.bbox.width);
              ctx.fillRect(left, u.bbox.top, right - left, u.bbox.height);
            }
            ctx.restore();
          },
        ],
      },
    };
  };
}

type BookingsSeriesChartProps = {
  series: TrendBucket[];
  granularity: Granularity;
  /** The top categories and Other, stacked, or null for one bar per bucket. */
  stacks: TrendStack[] | null;
  /** The comparison period's buckets, drawn as a dashed line by bucket index. */
  comparison: TrendBucket[] | null;
  /** "Jan 1, 2025 to Mar 31, 2025": the comparison period in the legend. */
  comparisonLabel?: string;
};

/**
 * Bookings per day, week or month for the current filters, drawn with uPlot: a bar per bucket
 * (stacked by category when asked), the trailing 7-day average over days, and the comparison
 * period as a dashed line. Partial buckets are hatched and named so in the text. The caption and
 * a visually hidden table say the same in words.
 */
export function BookingsPerDayChart({ series, granularity, stacks, comparison, comparisonLabel }: BookingsSeriesChartProps) {
  const input = useMemo(() => ({ series, granularity, stacks, comparison }), [series, granularity, stacks, comparison]);
  const data = useMemo(() => toAligned(input), [input]);
  const partial = useRef<number[]>([]);
  partial.current = partialIndexes(series);
  const shape = `${granularity}|${stacks ? stacks.map((stack) => `${stack.name}:${stack.other}`).join(',') : '-'}|${comparison ? 'c' : '-'}`;
  const containerRef = useUplot(chartOptions(input, partial), data, HEIGHT, shape);

  const summary = describeSeries(series, granularity);
  const rows = seriesRows(series, granularity, comparison);
  const byMonth = granularity === 'day' && series.length > DAILY_TABLE_LIMIT;
  const unit = byMonth ? 'month' : unitNames[granularity];
  const hasPartial = partial.current.length > 0;
  return (
    <figure className="relative">
      <div ref={containerRef} role="img" aria-label={summary} className="min-h-60 w-full" />
      {series.length === 0 ? (
        <p className="absolute inset-0 grid place-items-center text-sm text-slate-500">No bookings in the selected range.</p>
      ) : null}
      <figcaption className="mt-2 text-xs text-slate-600">
        <span aria-hidden="true" className="flex flex-wrap gap-x-3 gap-y-1">
          {stacks && stacks.length ? (
            stacks.map((stack, i) => (
              <span key={stack.name} className="inline-flex items-center gap-1">
                <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: stackColor(stack, i) }} /> {stack.label}
              </span>
            ))
          ) : (
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-2.5 w-2.5 rounded-sm bg-indigo-300" /> Bookings per {unitNames[granularity]}
            </span>
          )}
          {!stacks?.length && granularity === 'day' ? (
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-0.5 w-4 bg-indigo-900" /> 7-day average
            </span>
          ) : null}
          {comparison ? (
            <span className="inline-flex items-center gap-1">
              <span className="inline-block w-4 border-t-2 border-dashed border-slate-900" /> {comparisonLabel ?? 'Comparison period'}
            </span>
          ) : null}
          {hasPartial ? (
            <span className="inline-flex items-center gap-1">
              <span className="inline-block h-2.5 w-2.5 rounded-sm bg-indigo-200 bg-[repeating-linear-gradient(135deg,transparent_0_2px,white_2px_4px)]" />{' '}
              Partial {unitNames[granularity]} (cut by the range)
            </span>
          ) : null}
        </span>
        <span className="mt-1 block">{summary}</span>
      </figcaption>
      {rows.length ? (
        // A table ignores sr-only's 1 px width: the wrapper keeps it from widening the page.
        <div className="sr-only">
          <table>
            <caption>{`Bookings per ${unit}`}</caption>
            <thead>
              <tr>
                <th scope="col">{unit[0]!.toUpperCase() + unit.slice(1)}</th>
                <th scope="col">Bookings</th>
                {comparison ? <th scope="col">Comparison period</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{formatCount(row.count)}</td>
                  {comparison ? <td>{formatCount(row.comparison ?? 0)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </figure>
  );
}
