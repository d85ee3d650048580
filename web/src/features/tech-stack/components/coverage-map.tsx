import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';

import { useCoverage } from '../api/get-coverage';

import { CoverageBody } from './coverage-body';

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
