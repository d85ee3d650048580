import { Link } from 'wouter';

import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import type { CoverageItem } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { categoryLabel } from '@/lib/stages';

import { useCoverage } from '../api/get-coverage';
import { headline, isGap, questionnairePath, statusLabel, toolPhrase } from '../coverage';

const swatchClasses = (hasTool: boolean | null) =>
  cn(
    hasTool === true && 'border-emerald-300 bg-emerald-50 text-emerald-800',
    hasTool === false && 'border-amber-400 bg-white text-amber-900',
    hasTool === null && 'border-dashed border-slate-400 bg-white text-slate-600',
  );
const cellClasses = (hasTool: boolean | null) =>
  cn('inline-flex h-8 items-center justify-center gap-1 rounded-md border text-xs font-semibold', swatchClasses(hasTool));
const linkCell = 'hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * The coverage map in one strip for /matches: the nine stages as small numbered cells, then the
 * other categories; gaps link to their questionnaire. Each cell's accessible name says the stage,
 * the category and the firm's answer; the full map is on /tech-stack.
 */
export function CoverageStrip() {
  const query = useCoverage();
  // The strip is a summary beside the recommendations: when it cannot load, it says so and the
  // page goes on.
  if (query.isError) {
    return (
      <p role="status" className="mb-6 text-sm text-slate-600">
        Your coverage could not be loaded.{' '}
        <Link href={paths.techStack} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          See it on Tech Stack
        </Link>
      </p>
    );
  }
  if (!query.data) return null;
  const coverage = query.data;

  return (
    <section aria-labelledby="coverage-strip-heading" className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="coverage-strip-heading" className="text-base font-semibold text-slate-900">
          Your coverage
        </h2>
        <Link href={paths.techStack} className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline">
          See the coverage map
        </Link>
      </div>
      <p className="mt-0.5 text-sm text-slate-600">{headline(coverage)}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        Coverage counts the tools your firm already uses; stages completed counts the stages you have picks for.
      </p>
      <ul aria-label="Stages" className="mt-3 grid grid-cols-9 gap-1 sm:flex sm:gap-1.5">
        {coverage.stages.map((item) => (
          <li key={item.categoryId} className="sm:w-10">
            <StripCell item={item} visible={String(item.stage)} />
          </li>
        ))}
      </ul>
      {coverage.others.length > 0 ? (
        <ul aria-label="Across the firm" className="mt-2 flex flex-wrap gap-1.5">
          {coverage.others.map((item) => (
            <li key={item.categoryId}>
              <StripCell item={item} visible={categoryLabel(item.categoryName)} />
            </li>
          ))}
        </ul>
      ) : null}
      {/* The legend repeats what every cell's name says, so screen readers skip it. */}
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        {([true, false, null] as const).map((hasTool) => (
          <span key={String(hasTool)} className="inline-flex items-center gap-1">
            <span className={cn('inline-block h-3.5 w-3.5 rounded-sm border', swatchClasses(hasTool))} /> {statusLabel(hasTool)}
          </span>
        ))}
      </p>
    </section>
  );
}

/** One cell: its visible text (a stage number or a category name) and a fuller accessible name. */
function StripCell({ item, visible }: { item: CoverageItem; visible: string }) {
  const hasTool = item.hasTool ?? null;
  const label = categoryLabel(item.categoryName);
  const where = item.stage != null ? `Stage ${item.stage}, ${label}` : label;
  const gap = isGap(item);
  const name = `${where}: ${statusLabel(hasTool).toLowerCase()}${gap ? `. Find ${toolPhrase(label)}` : ''}`;
  // The name holds the visible text, so speech users can say what they see.
  const content = (
    <>
      {hasTool === true ? <Icon name="check" className="hidden h-3 w-3 sm:block" /> : null}
      <span aria-hidden="true">{visible}</span>
      <span className="sr-only">{name}</span>
    </>
  );
  const title = `${label}: ${statusLabel(hasTool)}`;
  const width = item.stage != null ? 'w-full' : 'px-2';
  return gap ? (
    <Link href={questionnairePath(item.categoryId)} title={title} className={cn(cellClasses(hasTool), linkCell, width)}>
      {content}
    </Link>
  ) : (
    <span title={title} className={cn(cellClasses(hasTool), width)}>
      {content}
    </span>
  );
}
