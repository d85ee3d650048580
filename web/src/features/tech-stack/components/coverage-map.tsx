import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { Coverage, CoverageItem } from '@/lib/api/types';
import { categoryLabel } from '@/lib/stages';

import { useCoverage } from '../api/get-coverage';
import { comparedWith, headline, isGap, peerLine, questionnairePath, toolPhrase } from '../coverage';

import { CoverageMark } from './coverage-mark';

const linkClasses = 'font-medium text-indigo-700 underline-offset-2 hover:underline';

/**
 * The coverage map on /tech-stack: each stage and the other categories marked with the firm's
 * answer, the share of firms its size with a tool, and for gaps a link to the questionnaire.
 */
export function CoverageMap() {
  const query = useCoverage();

  return (
    <section aria-labelledby="coverage-heading" className="mb-8 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="coverage-heading" className="text-lg font-semibold text-slate-900">
        Your coverage
      </h2>
      {query.isPending ? (
        <div className="py-6">
          <Spinner label="Loading your coverage..." />
        </div>
      ) : query.isError ? (
        <div className="mt-3">
          <Alert>Failed to load your coverage map. Please reload the page.</Alert>
        </div>
      ) : (
        <CoverageBody coverage={query.data} />
      )}
    </section>
  );
}

function CoverageBody({ coverage }: { coverage: Coverage }) {
  const unanswered = coverage.headline.stagesUnanswered;
  return (
    <>
      <p className="mt-1 font-medium text-slate-900">{headline(coverage)}</p>
      {unanswered > 0 ? (
        <p className="text-sm text-slate-600">{unanswered === 1 ? '1 stage is' : `${unanswered} stages are`} not answered yet.</p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">
        {comparedWith(coverage)}{' '}
        {!coverage.firmSize ? (
          <Link href={paths.profile} className={linkClasses}>
            Set your firm size in Profile
          </Link>
        ) : null}
      </p>
      <CoverageGroup title="Stages of a case" items={coverage.stages} coverage={coverage} />
      {coverage.others.length > 0 ? <CoverageGroup title="Across the firm" items={coverage.others} coverage={coverage} /> : null}
    </>
  );
}

function CoverageGroup({ title, items, coverage }: { title: string; items: CoverageItem[]; coverage: Coverage }) {
  return (
    <>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-800">{title}</h3>
      <ul className="grid gap-2 sm:grid-cols-2">
        {items.map((item) => {
          const peers = peerLine(coverage, item);
          return (
            <li key={item.categoryId} className="rounded-lg border border-slate-200 px-3 py-2.5">
              <div className="flex items-start justify-between gap-2">
                <p className="text-sm font-medium text-slate-900">
                  {item.stage != null ? <span className="text-slate-600">{item.stage}. </span> : null}
                  {categoryLabel(item.categoryName)}
                </p>
                <CoverageMark hasTool={item.hasTool ?? null} />
              </div>
              {peers ? <p className="mt-0.5 text-sm text-slate-600">{peers}</p> : null}
              {isGap(item) ? (
                <Link href={questionnairePath(item.categoryId)} className={`mt-1 inline-block text-sm ${linkClasses}`}>
                  Find {toolPhrase(categoryLabel(item.categoryName))}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
