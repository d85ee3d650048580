/**
 * How /trends reads its numbers, kept in the address beside the filters: what the period is
 * compared with, the series' bucket size and stacking, and the vendor panel's category. Defaults
 * stay out of the address ("day", unstacked, every category; without `compare` the server
 * compares with the previous period only when it holds enough bookings to call a trend), and a
 * saved view keeps whatever is set.
 */
import type { CompareWith, TrendGranularity } from '@/lib/api/types';

export type CompareMode = CompareWith;
export type Granularity = TrendGranularity;

export type TrendsAnalysis = {
  /** Chosen by the person; absent: the server's default. */
  compare?: CompareMode;
  compareStart?: string;
  compareEnd?: string;
  granularity?: Exclude<Granularity, 'day'>;
  stackBy?: 'category';
  categoryId?: number;
};

/** The address parameters of {@link TrendsAnalysis}, in the order they are written. */
export const analysisNames = [
  'compare',
  'compareStart',
  'compareEnd',
  'granularity',
  'stackBy',
  'categoryId',
] as const satisfies ReadonlyArray<keyof TrendsAnalysis>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The analysis the address asks for. Junk is ignored (an unknown `compare` is the default,
 * a `categoryId` that is not a whole number is every category); the custom dates are kept only
 * with `compare=custom`, one at a time while the person is still picking them.
 */
export function parseAnalysis(get: (name: string) => string | undefined): TrendsAnalysis {
  const analysis: TrendsAnalysis = {};
  const compare = get('compare');
  if (compare === 'none' || compare === 'previous' || compare === 'year' || compare === 'custom') analysis.compare = compare;
  if (analysis.compare === 'custom') {
    const start = get('compareStart');
    const end = get('compareEnd');
    if (start && DAY.test(start)) analysis.compareStart = start;
    if (end && DAY.test(end)) analysis.compareEnd = end;
  }
  const granularity = get('granularity');
  if (granularity === 'week' || granularity === 'month') analysis.granularity = granularity;
  if (get('stackBy') === 'category') analysis.stackBy = 'category';
  const categoryId = get('categoryId');
  if (categoryId && /^\d{1,9}$/.test(categoryId)) analysis.categoryId = Number(categoryId);
  return analysis;
}

/** What "Compare with" says is missing, or null when the comparison can be asked for. */
export function customDatesProblem(analysis: TrendsAnalysis): string | null {
  if (analysis.compare !== 'custom') return null;
  if (!analysis.compareStart || !analysis.compareEnd) return 'Pick both dates to compare with.';
  if (analysis.compareStart > analysis.compareEnd) return 'The first comparison date must be on or before the second.';
  return null;
}

type ComparisonQuery = { compare?: CompareMode; compareStart?: string; compareEnd?: string };

/**
 * The comparison part of an API query: nothing for the server's default, no comparison while
 * custom dates are incomplete.
 */
export function comparisonQuery(analysis: TrendsAnalysis): ComparisonQuery {
  const { compare } = analysis;
  if (compare === 'custom') {
    return customDatesProblem(analysis) === null
      ? { compare: 'custom', compareStart: analysis.compareStart, compareEnd: analysis.compareEnd }
      : { compare: 'none' };
  }
  return compare ? { compare } : {};
}

/** The /api/trends part of the analysis: comparison, bucket size and stacking, absent values left out. */
export function trendsAnalysisQuery(analysis: TrendsAnalysis): ComparisonQuery & {
  granularity?: 'week' | 'month';
  stackBy?: 'category';
} {
  return dropEmpty({ ...comparisonQuery(analysis), granularity: analysis.granularity, stackBy: analysis.stackBy });
}

/** The /api/trends/vendors part: the comparison and the category. */
export function vendorsAnalysisQuery(analysis: TrendsAnalysis): ComparisonQuery & {
  categoryId?: number;
} {
  return dropEmpty({ ...comparisonQuery(analysis), categoryId: analysis.categoryId });
}

/** Leaves out undefined values, so equal queries make equal query keys. */
function dropEmpty<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
