import { useRef } from 'react';

import { ChoiceGroup } from '@/components/ui/choice-group';
import { Spinner } from '@/components/ui/spinner';
import { chartFileName } from '@/lib/download';
import { onDemandComponent } from '@/lib/on-demand-component';
import type { Option } from '@/lib/options';

import type { Granularity } from '../api/analysis';
import type { TrendBucket, TrendStack } from '@/lib/api/types';

import { DownloadCsvButton } from './download-csv-button';
import { DownloadPngButton } from './download-png-button';
import { Panel } from './panel';

// uPlot is only needed here: it comes in a chunk of its own, not with the app. That chunk is asked
// for as soon as this module loads (with /trends' code), not when the first answer is drawn, and
// the chart follows it without suspending, as React holds a revealed fallback for at least 300 ms
// (issue 81: it was most of the time from a click to /trends' chart on screen).
const BookingsPerDayChart = onDemandComponent(
  () => import('./bookings-per-day-chart'),
  (module) => module.BookingsPerDayChart,
  <Spinner label="Loading chart..." />,
);
BookingsPerDayChart.preload().catch(() => undefined); // A failed load is told when the chart is shown.

const granularityOptions: ReadonlyArray<Option<Granularity>> = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
];

const titles: Record<Granularity, string> = { day: 'Bookings per Day', week: 'Bookings per Week', month: 'Bookings per Month' };

type SeriesPanelProps = {
  series: TrendBucket[];
  /** The bucket size of the series on screen (the answer's). */
  granularity: Granularity;
  /** The bucket size asked for (the address's): the switch shows it at once, before the answer. */
  selected: Granularity;
  stacks: TrendStack[] | null;
  stacked: boolean;
  comparison: TrendBucket[] | null;
  comparisonLabel?: string;
  rangeStart: string | null | undefined;
  rangeEnd: string | null | undefined;
  /** Sample bookings are among those counted: the PNG says so. */
  sample?: boolean;
  csvUrl: string;
  onGranularity: (granularity: Granularity) => void;
  onStacked: (stacked: boolean) => void;
};

/**
 * The series panel: the chart by day, week or month, stacked by category or not, with the
 * comparison period overlaid; CSV of its numbers and PNG of its canvas.
 */
export function SeriesPanel({
  series,
  granularity,
  selected,
  stacks,
  stacked,
  comparison,
  comparisonLabel,
  rangeStart,
  rangeEnd,
  sample,
  csvUrl,
  onGranularity,
  onStacked,
}: SeriesPanelProps) {
  const chartBox = useRef<HTMLDivElement>(null);
  const title = titles[granularity];
  const notes = [
    rangeStart && rangeEnd ? `${rangeStart} to ${rangeEnd}` : '',
    comparison && comparisonLabel ? `Dashed: ${comparisonLabel}` : '',
    series.some((bucket) => bucket.partial) ? `Hatched: partial ${granularity} (cut by the range)` : '',
  ].filter(Boolean);
  return (
    <Panel
      title={title}
      actions={
        <>
          <DownloadPngButton
            sample={sample}
            what={title}
            title={stacked ? `${title}, stacked by category` : title}
            notes={notes}
            fileName={chartFileName('series', rangeStart, rangeEnd)}
            canvas={() => chartBox.current?.querySelector('canvas') ?? null}
            disabled={series.length === 0}
          />
          <DownloadCsvButton what={title} url={csvUrl} fallbackName="trends-series.csv" />
        </>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-x-6 gap-y-3">
        <ChoiceGroup legend="Show by" options={granularityOptions} value={selected} onChange={onGranularity} />
        <label className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600">
          <input
            type="checkbox"
            checked={stacked}
            onChange={(event) => onStacked(event.target.checked)}
            className="h-4 w-4 accent-indigo-600"
          />
          Stack by category
        </label>
      </div>
      <div ref={chartBox}>
        <BookingsPerDayChart
          series={series}
          granularity={granularity}
          stacks={stacked ? stacks : null}
          comparison={comparison}
          comparisonLabel={comparisonLabel}
        />
      </div>
    </Panel>
  );
}
