import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { Option } from '@/lib/options';
import { noteKey, wasTyped } from '@/lib/typed-change';

import { customDatesProblem, type CompareMode, type TrendsAnalysis } from '../api/analysis';
import { CHANGE_RULE, TOO_FEW, TREND_MINIMUM } from '../change';
import { formatDay } from '../format';

export const compareOptions: ReadonlyArray<Option<CompareMode>> = [
  { value: 'none', label: 'No comparison' },
  { value: 'previous', label: 'Previous period' },
  { value: 'year', label: 'Same period last year' },
  { value: 'custom', label: 'Custom dates' },
];

/** How the comparison period was chosen, in words, as the answer's `compare` names it. */
export const compareNames: Record<CompareMode, string> = {
  none: 'no comparison',
  previous: 'the previous period of equal length',
  year: 'the same period a year earlier',
  custom: 'custom dates',
};

/** "Jan 1, 2026 to Mar 31, 2026", or null without both ends. */
export function rangeText(start: string | null | undefined, end: string | null | undefined): string | null {
  return start && end ? `${formatDay(start)} to ${formatDay(end)}` : null;
}

type ComparePeriods = {
  compare: CompareMode;
  rangeStart: string | null | undefined;
  rangeEnd: string | null | undefined;
  comparisonStart: string | null | undefined;
  comparisonEnd: string | null | undefined;
};

/** "Jan 1, 2026 to Mar 31, 2026 compared with Jan 1, 2025 to Mar 31, 2025 (the same period a year earlier)". */
export function periodsText({ compare, rangeStart, rangeEnd, comparisonStart, comparisonEnd }: ComparePeriods): string | null {
  const period = rangeText(rangeStart, rangeEnd);
  const comparison = rangeText(comparisonStart, comparisonEnd);
  if (!period || !comparison) return null;
  return `${period} compared with ${comparison} (${compareNames[compare]})`;
}

type CompareControlProps = {
  analysis: TrendsAnalysis;
  /** `typed`: the change is a date typed by hand, which waits for its pause. */
  onChange: (updates: Pick<TrendsAnalysis, 'compare' | 'compareStart' | 'compareEnd'>, typed?: boolean) => void;
  /** The periods the answer on screen compares, when it has them. */
  periods: ComparePeriods | null;
  /** The answer on screen: the comparison it holds, and whether its period has any days. */
  answered: { compare: CompareMode; hasPeriod: boolean; comparisonEmpty: boolean } | null;
};

/** Why nothing is compared, in words, when nothing is. */
function notComparedText(analysis: TrendsAnalysis, answered: CompareControlProps['answered']): string {
  if (!answered) return '';
  if (!answered.hasPeriod) return 'No period to compare yet.';
  if (analysis.compare === 'none') return 'Not compared with another period.';
  // The server's default: the previous period, only with enough bookings to call a trend.
  return `Not compared: the previous period of equal length holds fewer than ${TREND_MINIMUM} bookings, ${TOO_FEW}. Choose a period to compare with.`;
}

/**
 * "Compare with": nothing, the previous period of equal length, the same period a year earlier,
 * or two dates of one's own. Until the person chooses, the server compares with the previous
 * period only when it holds enough bookings to call a trend (never with an empty one). Says the
 * periods compared in words, and is the page's one statement of when a change gets a percentage.
 */
export function CompareControl({ analysis, onChange, periods, answered }: CompareControlProps) {
  const mode: CompareMode = analysis.compare ?? answered?.compare ?? 'none';
  const problem = customDatesProblem(analysis);
  const emptyPeriod =
    periods && answered?.comparisonEmpty
      ? `${rangeText(periods.comparisonStart, periods.comparisonEnd)} (${compareNames[periods.compare]})`
      : null;
  const text = emptyPeriod
    ? `Nothing to compare with: ${emptyPeriod} holds no bookings.`
    : ((periods ? periodsText(periods) : null) ?? notComparedText(analysis, answered));
  return (
    <section aria-label="Comparison" className="mb-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5 sm:p-5">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Compare with"
          className="w-full sm:w-64"
          options={compareOptions}
          value={mode}
          onChange={(event) => {
            const next = event.target.value as CompareMode;
            onChange(
              next === 'custom'
                ? { compare: 'custom', compareStart: analysis.compareStart, compareEnd: analysis.compareEnd }
                : { compare: next, compareStart: undefined, compareEnd: undefined },
            );
          }}
        />
        {mode === 'custom' ? (
          <>
            <TextField
              label="Compare from"
              className="min-w-0 flex-1 sm:w-44 sm:flex-none"
              type="date"
              value={analysis.compareStart ?? ''}
              max={analysis.compareEnd}
              error={problem ?? undefined}
              onKeyDown={noteKey}
              onChange={(event) =>
                onChange(
                  { compare: 'custom', compareStart: event.target.value || undefined, compareEnd: analysis.compareEnd },
                  wasTyped(event),
                )
              }
            />
            <TextField
              label="Compare to"
              className="min-w-0 flex-1 sm:w-44 sm:flex-none"
              type="date"
              value={analysis.compareEnd ?? ''}
              min={analysis.compareStart}
              aria-invalid={problem ? true : undefined}
              onKeyDown={noteKey}
              onChange={(event) =>
                onChange(
                  { compare: 'custom', compareStart: analysis.compareStart, compareEnd: event.target.value || undefined },
                  wasTyped(event),
                )
              }
            />
          </>
        ) : null}
        <p className="min-w-[16rem] flex-1 pb-2 text-sm text-slate-700" aria-live="polite">
          {problem ? 'Until both dates are set, nothing is compared.' : text}
        </p>
      </div>
      <details className="mt-3 text-sm text-slate-700">
        <summary className="cursor-pointer rounded font-medium text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600">
          How changes are shown
        </summary>
        <p className="mt-2 max-w-3xl">{CHANGE_RULE}</p>
        <p className="mt-1 max-w-3xl">
          A week starts on Monday; a week or month that the period cuts is marked partial on the chart, so its lower count is not read as a
          drop. Every panel downloads the numbers it shows as CSV, and each chart as PNG.
        </p>
      </details>
    </section>
  );
}
