// TEMPORARY: the issue-29 contract's shapes until the Trends API lands on main; then these become
// aliases in @/lib/api/types of the generated schema and this file goes.
import type { Trends } from '@/lib/api/types';

import type { Change } from '../change';

export type SeriesBucket = { start: string; count: number; partial: boolean };
export type SeriesStack = { name: string; other: boolean; counts: number[] };
export type TrendComparison = Pick<
  Trends,
  'total' | 'categoryCounts' | 'stateCounts' | 'daily' | 'last30' | 'previous30' | 'days' | 'rangeStart' | 'rangeEnd'
> & {
  series: SeriesBucket[];
  stacks: SeriesStack[] | null;
};
export type TrendChanges = {
  total: Change;
  categories: Array<{ name: string; count: number; comparisonCount: number; change: Change }>;
  states: Array<{ state: string; count: number; comparisonCount: number; change: Change }>;
};
export type TrendsAnswer = Trends & {
  granularity?: 'day' | 'week' | 'month';
  series?: SeriesBucket[];
  stacks?: SeriesStack[] | null;
  compare?: 'previous' | 'year' | 'custom';
  comparison?: TrendComparison | null;
  changes?: TrendChanges | null;
};
export type TrendVendor = { vendorId: number | null; name: string; count: number; share: number; comparisonCount: number; change: Change };
export type TrendVendors = {
  items: TrendVendor[];
  total: number;
  comparisonTotal: number;
  category: { id: number; name: string } | null;
  vendorCount: number;
  rangeStart: string | null;
  rangeEnd: string | null;
  comparisonRangeStart: string | null;
  comparisonRangeEnd: string | null;
  compare: 'previous' | 'year' | 'custom';
  sampleCount: number;
  hasRealData: boolean;
  hasSampleData: boolean;
};
