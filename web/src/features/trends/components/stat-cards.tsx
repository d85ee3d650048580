import type { Trends } from '@/lib/api/types';
import { isUnknownState, stateName } from '@/lib/us-states';

import { formatCount, formatDay, percentChange } from '../format';

type StatCardProps = { title: string; value: string; detail: string; tone?: 'up' | 'down' | 'neutral' };

function StatCard({ title, value, detail, tone = 'neutral' }: StatCardProps) {
  const toneClass = tone === 'up' ? 'text-emerald-700' : tone === 'down' ? 'text-red-700' : 'text-slate-500';
  return (
    <div className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-5">
      <dt className="text-sm font-medium text-slate-600">{title}</dt>
      <dd className="mt-2 truncate text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{value}</dd>
      <dd className={`mt-1 text-xs ${toneClass}`}>{detail}</dd>
    </div>
  );
}

const toneOf = (change: string | null) =>
  change === null ? 'neutral' : change.startsWith('+') ? 'up' : change.startsWith('-') ? 'down' : 'neutral';

/**
 * The four headline numbers. Both change lines compare the 30 days ending on the range's last
 * day with the 30 days before them; Avg. per Day divides by the days of the selected range.
 */
export function StatCards({ trends }: { trends: Trends }) {
  const change = percentChange(trends.last30, trends.previous30);
  const topState = trends.stateCounts.find((entry) => !isUnknownState(entry.state));
  const average = trends.days > 0 ? trends.total / trends.days : 0;
  const recentDaily = (trends.last30 / 30).toFixed(1);
  // The change is of the last 30 days of the range, not of the total above it: say so, and when.
  const period = trends.rangeEnd ? `Last 30 days to ${formatDay(trends.rangeEnd)}` : 'Last 30 days';

  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard
        title="Total Demos"
        value={formatCount(trends.total)}
        detail={change ? `${period}: ${change} vs the 30 days before` : `${period}: no bookings in the 30 days before`}
        tone={toneOf(change)}
      />
      <StatCard title="Categories" value={formatCount(trends.categoryCounts.length)} detail="Active categories" />
      <StatCard
        title="Top State"
        value={topState ? stateName(topState.state) : 'N/A'}
        detail={`${formatCount(topState?.count ?? 0)} bookings`}
      />
      <StatCard
        title="Avg. per Day"
        value={average.toFixed(1)}
        detail={change ? `${recentDaily} per day in the last 30 days (${change})` : `${recentDaily} per day in the last 30 days`}
        tone={toneOf(change)}
      />
    </dl>
  );
}
