import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { stateName } from '@/lib/us-states';

import { trendCitiesCsvUrl } from '../api/csv-urls';
import type { TrendsFilters } from '../api/filters';
import { useTrendCities } from '../api/get-trend-cities';
import { formatCount } from '../format';

import { DownloadCsvButton } from './download-csv-button';
import { EmptyState } from './empty-state';
import { Panel } from './panel';
import { rowClass } from './styles';

/** The top cities of the state chosen, with the way back to the states. */
export function TopCities({ state, filters, onBack }: { state: string; filters: TrendsFilters; onBack: () => void }) {
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
