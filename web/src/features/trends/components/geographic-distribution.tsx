import type { Trends } from '@/lib/api/types';
import { isUnknownState, stateName } from '@/lib/us-states';

import type { TrendChanges } from '@/lib/api/types';
import type { TrendsFilters } from '../api/filters';
import { formatCount } from '../format';

import { ChangeText } from './change-text';
import { TooFewNote } from './too-few-note';
import { DownloadCsvButton } from './download-csv-button';
import { EmptyState } from './empty-state';
import { Panel } from './panel';
import { rowClass } from './styles';
import { TopCities } from './top-cities';

/** States listed (SPEC section 9). */
export const TOP_STATES = 15;

type GeographicDistributionProps = {
  stateCounts: Trends['stateCounts'];
  /** Each state's count in the comparison period and the change, when there is one. */
  changes?: TrendChanges['states'] | null;
  filters: TrendsFilters;
  /** The states' CSV: the same query as the list. */
  csvUrl?: string;
  /** The state drilled into, or null for the states list. */
  selectedState: string | null;
  onSelectState: (state: string | null) => void;
};

/** "Geographic Distribution": the top states, and a state's top cities on a click. */
export function GeographicDistribution({
  stateCounts,
  changes,
  filters,
  csvUrl,
  selectedState,
  onSelectState,
}: GeographicDistributionProps) {
  if (selectedState !== null) {
    return <TopCities state={selectedState} filters={filters} onBack={() => onSelectState(null)} />;
  }
  const states = stateCounts.filter((entry) => !isUnknownState(entry.state)).slice(0, TOP_STATES);
  const total = states.reduce((sum, entry) => sum + entry.count, 0);
  const byState = new Map((changes ?? []).map((entry) => [entry.state, entry]));
  const comparisonTotal = changes ? states.reduce((sum, entry) => sum + (byState.get(entry.state)?.comparisonCount ?? 0), 0) : null;
  const anyTooFew = states.some((entry) => byState.get(entry.state)?.change.tooFew);

  return (
    <Panel
      title="Geographic Distribution"
      description={states.length ? 'Click on any state name to view cities within that state' : undefined}
      actions={csvUrl ? <DownloadCsvButton what="Geographic Distribution" url={csvUrl} fallbackName="trends-states.csv" /> : null}
    >
      {states.length === 0 ? (
        <EmptyState>No state data available</EmptyState>
      ) : (
        <>
          <ol aria-label={`Top ${states.length} states by bookings`} className="divide-y divide-slate-100">
            {states.map((entry, index) => {
              const then = byState.get(entry.state);
              return (
                <li key={entry.state} className={`${rowClass} flex-wrap`}>
                  <span className="w-6 text-right text-xs font-semibold text-slate-500 tabular-nums" aria-hidden="true">
                    {index + 1}
                  </span>
                  <button
                    type="button"
                    onClick={() => onSelectState(entry.state)}
                    className="flex-1 rounded text-left font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {stateName(entry.state)}
                  </button>
                  <span className="text-slate-700 tabular-nums">{formatCount(entry.count)}</span>
                  {then ? (
                    <span className="w-full pl-9 text-xs text-slate-600 sm:w-auto sm:pl-0">
                      <span className="sr-only">comparison period </span>
                      <span aria-hidden="true">vs </span>
                      <span className="tabular-nums">{formatCount(then.comparisonCount)}</span> <ChangeText change={then.change} compact />
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <p className="mt-2 flex justify-between border-t border-slate-200 px-1 pt-3 text-sm font-semibold text-slate-900">
            <span>
              Total, top {states.length} {states.length === 1 ? 'state' : 'states'}
            </span>
            <span className="tabular-nums">
              {formatCount(total)}
              {comparisonTotal !== null ? (
                <span className="ml-2 text-xs font-normal text-slate-600">vs {formatCount(comparisonTotal)}</span>
              ) : null}
            </span>
          </p>
          {anyTooFew ? <TooFewNote /> : null}
        </>
      )}
    </Panel>
  );
}
