import type { Trends } from '@/lib/api/types';
import { isUnknownState, stateName } from '@/lib/us-states';

import type { TrendChanges, TrendPeriod } from '@/lib/api/types';
import { formatCount, formatDay, percentChange } from '../format';

import { StatCard } from './stat-card';

const toneOf = (change: string | null) =>
  change === null ? 'neutral' : change.startsWith('+') ? 'up' : change.startsWith('-') ? 'down' : 'neutral';

type StatCardsProps = {
  trends: Trends;
  comparison?: TrendPeriod | null;
  changes?: TrendChanges | null;
};

/**
 * The four headline numbers. With a comparison period each shows its figure there and the
 * change; the last lines compare the 30 days ending on the range's last day with the 30 days
 * before them; Avg. per Day divides by the days of the selected range.
 */
export function StatCards({ trends, comparison, changes }: StatCardsProps) {
  const change = percentChange(trends.last30, trends.previous30);
  const topState = trends.stateCounts.find((entry) => !isUnknownState(entry.state));
  const average = trends.days > 0 ? trends.total / trends.days : 0;
  const recentDaily = (trends.last30 / 30).toFixed(1);
  // The change is of the last 30 days of the range, not of the total above it: say so, and when.
  const period = trends.rangeEnd ? `Last 30 days to ${formatDay(trends.rangeEnd)}` : 'Last 30 days';
  const topStateThen = topState ? changes?.states.find((entry) => entry.state === topState.state) : undefined;
  const comparisonAverage = comparison && comparison.days > 0 ? comparison.total / comparison.days : 0;

  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        title="Total Demos"
        value={formatCount(trends.total)}
        compared={comparison ? { figure: formatCount(comparison.total), change: changes?.total } : null}
        detail={change ? `${period}: ${change} vs the 30 days before` : `${period}: no bookings in the 30 days before`}
        tone={toneOf(change)}
      />
      <StatCard
        title="Categories"
        value={formatCount(trends.categoryCounts.length)}
        compared={comparison ? { figure: formatCount(comparison.categoryCounts.length) } : null}
        detail="Active categories"
      />
      <StatCard
        title="Top State"
        value={topState ? stateName(topState.state) : 'N/A'}
        compared={topStateThen ? { figure: `${formatCount(topStateThen.comparisonCount)} bookings`, change: topStateThen.change } : null}
        detail={`${formatCount(topState?.count ?? 0)} bookings`}
      />
      <StatCard
        title="Avg. per Day"
        value={average.toFixed(1)}
        compared={comparison ? { figure: comparisonAverage.toFixed(1) } : null}
        detail={change ? `${recentDaily} per day in the last 30 days (${change})` : `${recentDaily} per day in the last 30 days`}
        tone={toneOf(change)}
      />
    </dl>
  );
}
