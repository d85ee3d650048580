import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Trends } from '@/lib/api/types';
import { isUnknownState, stateName } from '@/lib/us-states';

import type { TrendChanges } from '@/lib/api/types';
import { trendCitiesCsvUrl } from '../api/csv-urls';
import type { TrendsFilters } from '../api/filters';
import { useTrendCities } from '../api/get-trend-cities';
import { formatCount } from '../format';

import { ChangeText, TooFewNote } from './change-text';
import { DownloadCsvButton } from './download-buttons';
import { EmptyState, Panel } from './panel';

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

const rowClass = 'flex items-center gap-3 px-1 py-2 text-sm';

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

function TopCities({ state, filters, onBack }: { state: string; filters: TrendsFilters; onBack: () => void }) {
  const cities = useTrendCities(state, filters);
  const name = stateName(state);
  return (
    <Panel
      title={`Top Cities in ${name}`}
      actions={
        <>
          <Button variant="outline" size="sm" onClick={onBack}>
            Back to States
          </Button>
          <DownloadCsvButton what={`Top Cities in ${name}`} url={trendCitiesCsvUrl(state, filters)} fallbackName="trends-cities.csv" />
        </>
      }
    >
      {cities.isError ? (
        <Alert>
          Could not load the cities of {name}: {cities.error.message}
        </Alert>
      ) : cities.isPending ? (
        <Spinner label="Loading cities..." />
      ) : cities.data.cities.length === 0 ? (
        <EmptyState>No city data available for {name}</EmptyState>
      ) : (
        <ol aria-label={`Top cities in ${name}`} className="divide-y divide-slate-100">
          {cities.data.cities.map((entry, index) => (
            <li key={entry.city} className={rowClass}>
              <span className="w-6 text-right text-xs font-semibold text-slate-500 tabular-nums" aria-hidden="true">
                {index + 1}
              </span>
              <span className="flex-1 font-medium text-slate-800">{entry.city}</span>
              <span className="text-slate-700 tabular-nums">{formatCount(entry.count)}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
