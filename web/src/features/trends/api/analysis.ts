/**
 * How /trends reads its numbers, kept in the address beside the filters: what the period is
 * compared with, the series' bucket size and stacking, and the vendor panel's category. Defaults
 * stay out of the address ("previous", "day", unstacked, every category), so an address written
 * before these existed still opens the same screen, and a saved view keeps whatever is set.
 */
import type { CompareWith, TrendGranularity } from '@/lib/api/types';

export type CompareMode = CompareWith;
export type Granularity = TrendGranularity;

export type TrendsAnalysis = {
  compare?: Exclude<CompareMode, 'previous'>;
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
 * The analysis the address asks for. Junk is ignored (an unknown `compare` is the previous period,
 * a `categoryId` that is not a whole number is every category); the custom dates are kept only
 * with `compare=custom`, one at a time while the person is still picking them.
 */
export function parseAnalysis(get: (name: string) => string | undefined): TrendsAnalysis {
  const analysis: TrendsAnalysis = {};
  const compare = get('compare');
  if (compare === 'year' || compare === 'custom') analysis.compare = compare;
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

/** The comparison part of an API query: the previous period (nothing) while custom dates are incomplete. */
export function comparisonQuery(analysis: TrendsAnalysis): { compare?: 'year' | 'custom'; compareStart?: string; compareEnd?: string } {
  if (analysis.compare === 'year') return { compare: 'year' };
  if (analysis.compare === 'custom' && customDatesProblem(analysis) === null) {
    return { compare: 'custom', compareStart: analysis.compareStart, compareEnd: analysis.compareEnd };
  }
  return {};
}

/** The /api/trends part of the analysis: comparison, bucket size and stacking, absent values left out. */
export function trendsAnalysisQuery(analysis: TrendsAnalysis): {
  compare?: 'year' | 'custom';
  compareStart?: string;
  compareEnd?: string;
  granularity?: 'week' | 'month';
  stackBy?: 'category';
} {
  return dropEmpty({ ...comparisonQuery(analysis), granularity: analysis.granularity, stackBy: analysis.stackBy });
}

/** The /api/trends/vendors part: the comparison and the category. */
export function vendorsAnalysisQuery(analysis: TrendsAnalysis): {
  compare?: 'year' | 'custom';
  compareStart?: string;
  compareEnd?: string;
  categoryId?: number;
} {
  return dropEmpty({ ...comparisonQuery(analysis), categoryId: analysis.categoryId });
}

/** Leaves out undefined values, so equal queries make equal query keys. */
function dropEmpty<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
