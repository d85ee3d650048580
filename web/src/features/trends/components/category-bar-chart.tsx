import { useState } from 'react';
import type { CSSProperties } from 'react';

import { Button } from '@/components/ui/button';
import type { Trends } from '@/lib/api/types';
import { barsCanvas, chartFileName } from '@/lib/download';

import type { TrendChanges } from '@/lib/api/types';
import { formatChange } from '../change';
import { formatCount } from '../format';

import { ChangeText } from './change-text';
import { DownloadCsvButton } from './download-csv-button';
import { DownloadPngButton } from './download-png-button';
import { EmptyState } from './empty-state';
import { Panel } from './panel';
import { TooFewNote } from './too-few-note';

/** Categories shown before "See All Categories" (SPEC section 9). */
export const TOP_CATEGORIES = 8;
export const MIN_BAR_PX = 20;
export const MAX_BAR_PX = 220;

/** A row's bar on narrow screens: its share of the largest count, in percent, never under 2. */
export function barWidth(count: number, largest: number): number {
  if (largest <= 0) return 2;
  return Math.max(2, Math.round((count / largest) * 100));
}

/** A bar's height: proportional to the largest count, never under 20 px or over 220 px. */
export function barHeight(count: number, largest: number): number {
  if (largest <= 0) return MIN_BAR_PX;
  return Math.max(MIN_BAR_PX, Math.round((count / largest) * MAX_BAR_PX));
}

type CategoryBarChartProps = {
  categories: Trends['categoryCounts'];
  /** Each category's count in the comparison period and the change, when there is one. */
  changes?: TrendChanges['categories'] | null;
  rangeStart?: string | null;
  rangeEnd?: string | null;
  /** Sample bookings are among those counted: the PNG says so. */
  sample?: boolean;
  /** The panel's CSV (none in a screen that only shows the bars). */
  csvUrl?: string;
  onSelect: (categoryName: string) => void;
};

/** "Bookings by Category": one button per category (bar and label), largest first. */
export function CategoryBarChart({ categories, changes, rangeStart, rangeEnd, sample, csvUrl, onSelect }: CategoryBarChartProps) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? categories : categories.slice(0, TOP_CATEGORIES);
  const byName = new Map((changes ?? []).map((entry) => [entry.name, entry]));
  const largest = categories.reduce((max, entry) => Math.max(max, entry.count, byName.get(entry.name)?.comparisonCount ?? 0), 0);
  const anyTooFew = shown.some((entry) => byName.get(entry.name)?.change.tooFew);

  return (
    <Panel
      title="Bookings by Category"
      description={categories.length ? 'Select a category to get vendor recommendations for it.' : undefined}
      actions={
        <>
          {categories.length > TOP_CATEGORIES ? (
            <Button variant="outline" size="sm" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
              {showAll ? 'See Top Categories' : 'See All Categories'}
            </Button>
          ) : null}
          <DownloadPngButton
            sample={sample}
            what="Bookings by Category"
            title="Bookings by Category"
            notes={rangeStart && rangeEnd ? [`${rangeStart} to ${rangeEnd}`] : []}
            fileName={chartFileName('categories', rangeStart, rangeEnd)}
            canvas={() =>
              barsCanvas(
                shown.map((entry) => {
                  const then = byName.get(entry.name);
                  return {
                    label: entry.label,
                    value: entry.count,
                    note: then ? `vs ${formatCount(then.comparisonCount)}: ${formatChange(then.change)}` : undefined,
                  };
                }),
                { formatValue: formatCount },
              )
            }
            disabled={shown.length === 0}
          />
          {csvUrl ? <DownloadCsvButton what="Bookings by Category" url={csvUrl} fallbackName="trends-categories.csv" /> : null}
        </>
      }
    >
      {shown.length === 0 ? (
        <EmptyState>No data available</EmptyState>
      ) : (
        // Phone and tablet: one row per category, its full name beside a horizontal bar, so no
        // name is cut off; wide screens: the columns of the spec, names over three lines at most.
        <ul aria-label="Bookings per category" className="flex flex-col gap-1.5 lg:flex-row lg:items-end lg:gap-3 lg:pb-2">
          {shown.map((entry) => {
            const then = byName.get(entry.name);
            return (
              <li key={entry.name} className="flex lg:min-w-16 lg:flex-1 lg:basis-0">
                <button
                  type="button"
                  onClick={() => onSelect(entry.name)}
                  style={
                    {
                      '--bar-h': `${barHeight(entry.count, largest)}px`,
                      '--bar-w': `${barWidth(entry.count, largest)}%`,
                      '--then-h': `${then ? barHeight(then.comparisonCount, largest) : 0}px`,
                      '--then-w': `${then ? barWidth(then.comparisonCount, largest) : 0}%`,
                    } as CSSProperties
                  }
                  className="group grid w-full grid-cols-[minmax(0,9rem)_minmax(0,1fr)_auto] items-center gap-x-3 rounded-lg p-1 text-left focus-visible:outline-2 focus-visible:outline-indigo-600 lg:flex lg:flex-col lg:items-center lg:gap-2 lg:text-center"
                >
                  {/* The button's name is its text, read in the DOM's order: "6,932 Intake bookings". */}
                  <span className="order-3 text-xs font-semibold text-slate-700 tabular-nums lg:order-none">
                    {formatCount(entry.count)}
                  </span>{' '}
                  <span
                    className="order-2 flex flex-col justify-center gap-0.5 lg:order-none lg:h-auto lg:w-full lg:max-w-14 lg:flex-row lg:items-end lg:gap-1"
                    aria-hidden="true"
                  >
                    <span className="block h-3 w-(--bar-w) rounded-r-md bg-indigo-500 transition-colors group-hover:bg-indigo-700 lg:h-(--bar-h) lg:w-full lg:rounded-t-md lg:rounded-r-none" />
                    {then ? (
                      <span className="block h-1.5 w-(--then-w) rounded-r-md bg-slate-400 lg:h-(--then-h) lg:w-1/3 lg:shrink-0 lg:rounded-t-md lg:rounded-r-none" />
                    ) : null}
                  </span>
                  <span className="order-1 text-sm leading-5 break-words text-slate-700 group-hover:text-indigo-700 group-hover:underline lg:order-none lg:line-clamp-3 lg:min-h-12 lg:text-xs lg:leading-4 lg:text-slate-600">
                    {entry.label}
                  </span>
                  <span className="sr-only"> bookings</span>
                  {then ? (
                    <span className="order-4 col-start-2 col-end-4 text-xs text-slate-600 lg:order-none">
                      {' '}
                      <span className="sr-only">, comparison period </span>
                      <span aria-hidden="true">vs </span>
                      <span className="tabular-nums">{formatCount(then.comparisonCount)}</span> <ChangeText change={then.change} compact />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {changes && shown.length ? (
        <p className="mt-2 text-xs text-slate-600">
          <span aria-hidden="true" className="mr-1 inline-block h-2 w-3 rounded-sm bg-indigo-500" /> This period{' '}
          <span aria-hidden="true" className="mr-1 ml-2 inline-block h-2 w-3 rounded-sm bg-slate-400" /> Comparison period
        </p>
      ) : null}
      {anyTooFew ? <TooFewNote /> : null}
    </Panel>
  );
}
