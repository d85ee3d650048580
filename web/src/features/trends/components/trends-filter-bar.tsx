import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { firmSizeOptions } from '@/lib/firm-options';
import { labelOf } from '@/lib/options';
import { noteKey, wasTyped } from '@/lib/typed-change';
import { stateName } from '@/lib/us-states';

import { filterNames, isDateRangeInverted, type TrendsFilters } from '../api/filters';
import { useFilterOptions } from '../api/get-filter-options';

import { CityTypeahead } from './city-typeahead';

export const DATE_ORDER_MESSAGE = 'The From date must be on or before the To date.';

type TrendsFilterBarProps = {
  filters: TrendsFilters;
  /** `typed`: the change is a date typed by hand, which waits for its pause. */
  onChange: (updates: Partial<TrendsFilters>, typed?: boolean) => void;
  onReset: () => void;
};

/** The sticky filter bar: City, State, Firm Size, From, To and Reset. */
export function TrendsFilterBar({ filters, onChange, onReset }: TrendsFilterBarProps) {
  const options = useFilterOptions(filters.includeSample);
  const states = (options.data?.states ?? [])
    .map((code) => ({ value: code, label: stateName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const sizes = (options.data?.firmSizes ?? []).map((code) => ({ value: code, label: labelOf(firmSizeOptions, code) ?? code }));
  const inverted = isDateRangeInverted(filters);
  const anyFilter = filterNames.some((name) => Boolean(filters[name]));

  return (
    <form
      role="search"
      aria-label="Filter demo bookings"
      onSubmit={(event) => event.preventDefault()}
      className="z-20 -mx-4 mb-6 border-b border-slate-200 bg-slate-50 px-4 py-3 shadow-[0_1px_0_rgba(15,23,42,0.02)] sm:sticky sm:top-0 sm:-mx-6 sm:px-6 lg:-mx-10 lg:px-10"
    >
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-[minmax(12rem,1.4fr)_1fr_1fr_auto_auto_auto] xl:items-end">
        <div className="col-span-2 md:col-span-1">
          <CityTypeahead value={filters.dma} cities={options.data?.dmas ?? []} onChange={(dma) => onChange({ dma })} />
        </div>
        <SelectField
          label="State"
          placeholder="All States"
          options={states}
          value={filters.state ?? ''}
          onChange={(event) => onChange({ state: event.target.value || undefined })}
        />
        <SelectField
          label="Firm Size"
          placeholder="All Sizes"
          options={sizes}
          value={filters.firmSize ?? ''}
          onChange={(event) => onChange({ firmSize: event.target.value || undefined })}
        />
        <TextField
          label="From"
          type="date"
          value={filters.start ?? ''}
          max={filters.end}
          error={inverted ? DATE_ORDER_MESSAGE : undefined}
          onKeyDown={noteKey}
          onChange={(event) => onChange({ start: event.target.value || undefined }, wasTyped(event))}
        />
        <TextField
          label="To"
          type="date"
          value={filters.end ?? ''}
          min={filters.start}
          aria-invalid={inverted || undefined}
          onKeyDown={noteKey}
          onChange={(event) => onChange({ end: event.target.value || undefined }, wasTyped(event))}
        />
        <div className="flex items-end">
          <Button variant="outline" className="w-full" onClick={onReset} disabled={!anyFilter}>
            Reset
          </Button>
        </div>
      </div>
      {options.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Could not load the filter choices: {options.error.message}
        </p>
      ) : null}
    </form>
  );
}
