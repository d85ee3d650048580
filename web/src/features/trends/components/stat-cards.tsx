import type { Trends } from '@/lib/api/types';
import { isUnknownState, stateName } from '@/lib/us-states';

import type { TrendChanges, TrendPeriod } from '@/lib/api/types';
import { formatCount, formatDay } from '../format';

import { StatCard } from './stat-card';

type StatCardsProps = {
  trends: Trends;
  comparison?: TrendPeriod | null;
  changes?: TrendChanges | null;
};

/** "12.3": bookings per day, one decimal. */
const perDay = (count: number, days: number) => (days > 0 ? count / days : 0).toFixed(1);

/**
 * The four headline numbers. Each card shows one change at most, and the change of the bookings
 * is the server's `summaryChange`: the comparison period's when the answer has one, else the last
 * 30 days' from the 30 days before (issue 77: never both). Avg. per Day divides by the days of
 * the selected range and names the same period the change does, without a second change.
 */
export function StatCards({ trends, comparison, changes }: StatCardsProps) {
  const summary = trends.summaryChange ?? null;
  const topState = trends.stateCounts.find((entry) => !isUnknownState(entry.state));
  const topStateThen = topState ? changes?.states.find((entry) => entry.state === topState.state) : undefined;
  const byComparison = summary?.basis === 'comparison';
  const last30 = summary && !byComparison ? `Last 30 days to ${formatDay(summary.end)}` : 'Last 30 days';

  const totalDetail = !summary
    ? 'No bookings to compare yet'
    : byComparison
      ? `Comparison period: ${formatCount(summary.comparisonCount)}`
      : summary.comparisonCount === 0
        ? `${last30}: ${formatCount(summary.count)}, no bookings in the 30 days before`
        : `${last30}: ${formatCount(summary.count)}`;
  const totalChange = summary && (byComparison || summary.comparisonCount > 0) ? summary.change : null;

  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        title="Total Demos"
        value={formatCount(trends.total)}
        detail={totalDetail}
        change={totalChange}
        changeSuffix={byComparison ? undefined : 'vs the 30 days before'}
      />
      <StatCard
        title="Categories"
        value={formatCount(trends.categoryCounts.length)}
        detail={
          comparison ? `Active categories; ${formatCount(comparison.categoryCounts.length)} in the comparison period` : 'Active categories'
        }
      />
      <StatCard
        title="Top State"
        value={topState ? stateName(topState.state) : 'N/A'}
        detail={
          topStateThen
            ? `${formatCount(topState?.count ?? 0)} bookings; comparison period: ${formatCount(topStateThen.comparisonCount)}`
            : `${formatCount(topState?.count ?? 0)} bookings`
        }
        change={topStateThen?.change ?? null}
      />
      <StatCard
        title="Avg. per Day"
        value={perDay(trends.total, trends.days)}
        detail={
          !summary
            ? '0.0 per day in the last 30 days'
            : byComparison
              ? `Comparison period: ${perDay(summary.comparisonCount, summary.comparisonDays)} per day`
              : `${perDay(summary.count, summary.days)} per day in the last 30 days`
        }
      />
    </dl>
  );
}
