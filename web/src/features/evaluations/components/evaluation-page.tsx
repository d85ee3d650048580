import { Link, useParams } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { ViewOnlyNote } from '@/components/view-only-note';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { newDecisionPath } from '@/config/links';
import { getErrorMessage } from '@/lib/api-client';

import { useEvaluation } from '../api/get-evaluation';
import { CriteriaSection } from './criteria-section';
import { RoundClosed } from './round-closed';
import { ScoreGrid } from './score-grid';
import { SideBySide } from './side-by-side';
import { VendorSection } from './vendor-section';

/** /evaluations/:categoryId: the criteria, the caller's scores on one grid, everyone's scores once one's own is in. */
export function EvaluationPage() {
  const { categoryId = '' } = useParams<{ categoryId: string }>();
  const { data, error, isPending } = useEvaluation(categoryId);
  if (isPending) return <LoadingScreen />;
  if (error || !data) return <Alert>{getErrorMessage(error, 'The evaluation could not be loaded. Try again.')}</Alert>;
  return (
    <div className="space-y-8">
      <PageHeader
        title="Evaluation"
        description={`${data.categoryLabel}, round ${data.round}. Agree the criteria before the demos, then each person scores each vendor.`}
        actions={
          // While the category's open decision holds this round, a second proposal is refused.
          data.canManage && !(data.closed?.decisionId != null && !data.canStartRound) ? (
            <Link className="text-sm font-medium text-indigo-700 underline" href={newDecisionPath(categoryId)}>
              Propose a decision
            </Link>
          ) : null
        }
      />
      <ViewOnlyNote />
      <RoundClosed categoryId={categoryId} evaluation={data} />
      <CriteriaSection categoryId={categoryId} evaluation={data} />
      {data.vendors.length === 0 ? (
        <Notice>Put vendors of this category on the shortlist to evaluate them.</Notice>
      ) : (
        <>
          <SideBySide evaluation={data} />
          {data.canScore && !data.criteria.suggested ? <ScoreGrid categoryId={categoryId} evaluation={data} /> : null}
          {data.vendors.map((vendor) => (
            <VendorSection key={vendor.vendorId} categoryId={categoryId} evaluation={data} vendor={vendor} />
          ))}
        </>
      )}
    </div>
  );
}
