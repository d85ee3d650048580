import { useSignal, useSignals } from '@preact/signals-react/runtime';
import type { CSSProperties } from 'react';

import { Button } from '@/components/ui/button';
import type { Trends } from '@/lib/api/types';
import { categoryLabel } from '@/lib/stages';

import { formatCount } from '../format';

import { EmptyState, Panel } from './panel';

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
  onSelect: (categoryName: string) => void;
};

/** "Bookings by Category": one button per category (bar and label), largest first. */
export function CategoryBarChart({ categories, onSelect }: CategoryBarChartProps) {
  useSignals();
  const showAll = useSignal(false);
  const shown = showAll.value ? categories : categories.slice(0, TOP_CATEGORIES);
  const largest = categories.reduce((max, entry) => Math.max(max, entry.count), 0);

  return (
    <Panel
      title="Bookings by Category"
      description={categories.length ? 'Select a category to get vendor recommendations for it.' : undefined}
      actions={
        categories.length > TOP_CATEGORIES ? (
          <Button variant="outline" size="sm" aria-expanded={showAll.value} onClick={() => (showAll.value = !showAll.value)}>
            {showAll.value ? 'See Top Categories' : 'See All Categories'}
          </Button>
        ) : null
      }
    >
      {shown.length === 0 ? (
        <EmptyState>No data available</EmptyState>
      ) : (
        // Phone and tablet: one row per category, its full name beside a horizontal bar, so no
        // name is cut off; wide screens: the columns of the spec, names over three lines at most.
        <ul aria-label="Bookings per category" className="flex flex-col gap-1.5 lg:flex-row lg:items-end lg:gap-3 lg:pb-2">
          {shown.map((entry) => (
            <li key={entry.name} className="flex lg:min-w-16 lg:flex-1 lg:basis-0">
              <button
                type="button"
                onClick={() => onSelect(entry.name)}
                style={
                  {
                    '--bar-h': `${barHeight(entry.count, largest)}px`,
                    '--bar-w': `${barWidth(entry.count, largest)}%`,
                  } as CSSProperties
                }
                className="group grid w-full grid-cols-[minmax(0,9rem)_minmax(0,1fr)_auto] items-center gap-x-3 rounded-lg p-1 text-left focus-visible:outline-2 focus-visible:outline-indigo-600 lg:flex lg:flex-col lg:items-center lg:gap-2 lg:text-center"
              >
                {/* The button's name is its text, read in the DOM's order: "6,932 Intake bookings". */}
                <span className="order-3 text-xs font-semibold text-slate-700 tabular-nums lg:order-none">
                  {formatCount(entry.count)}
                </span>{' '}
                <span className="order-2 flex h-4 items-center lg:order-none lg:block lg:h-auto lg:w-full lg:max-w-14" aria-hidden="true">
                  <span className="block h-3 w-(--bar-w) rounded-r-md bg-indigo-500 transition-colors group-hover:bg-indigo-700 lg:h-(--bar-h) lg:w-full lg:rounded-t-md lg:rounded-r-none" />
                </span>
                <span className="order-1 text-sm leading-5 break-words text-slate-700 group-hover:text-indigo-700 group-hover:underline lg:order-none lg:line-clamp-3 lg:min-h-12 lg:text-xs lg:leading-4 lg:text-slate-600">
                  {categoryLabel(entry.name)}
                </span>
                <span className="sr-only"> bookings</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
