import { useSignal, useSignals } from '@preact/signals-react/runtime';

import { Button } from '@/components/ui/button';
import type { Trends } from '@/lib/api/types';
import { categoryLabel } from '@/lib/stages';

import { formatCount } from '../format';

import { EmptyState, Panel } from './panel';

/** Categories shown before "See All Categories" (SPEC section 9). */
export const TOP_CATEGORIES = 8;
export const MIN_BAR_PX = 20;
export const MAX_BAR_PX = 220;

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
        <ul aria-label="Bookings per category" className="flex items-end gap-2 overflow-x-auto pb-2 sm:gap-3">
          {shown.map((entry) => (
            <li key={entry.name} className="flex min-w-16 flex-1 basis-0">
              <button
                type="button"
                onClick={() => onSelect(entry.name)}
                className="group flex w-full flex-col items-center gap-2 rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {/* The button's name is its text, read in the order it shows: "6,932 Intake bookings". */}
                <span className="text-xs font-semibold text-slate-700 tabular-nums">{formatCount(entry.count)}</span>{' '}
                <span
                  aria-hidden="true"
                  className="w-full max-w-14 rounded-t-md bg-indigo-500 transition-colors group-hover:bg-indigo-700"
                  style={{ height: `${barHeight(entry.count, largest)}px` }}
                />
                <span className="line-clamp-2 min-h-8 text-center text-xs leading-4 text-slate-600 group-hover:text-indigo-700 group-hover:underline">
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
