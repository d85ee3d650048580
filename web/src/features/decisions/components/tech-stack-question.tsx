import { Link } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { contractPath } from '@/config/links';
import { getErrorMessage } from '@/lib/api-client';
import type { DecisionView } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';

import { useAnswerTechStack } from '../api/answer-tech-stack';

/**
 * What the decision did to the firm's tech stack; when the chosen vendor may replace the current
 * tool, owners and admins are asked whether it does (everyone else is told they are asked).
 */
export function TechStackQuestion({ decision }: { decision: DecisionView }) {
  const answer = useAnswerTechStack(decision.id);
  const { canManage, canWrite } = useFirmAccess();
  const t = decision.techStack;
  const text: Record<string, string> = {
    added: `${decision.vendorName} is now the category's tool in your tech stack.`,
    alreadyThere: `${decision.vendorName} was in your tech stack already.`,
    replaced: `${decision.vendorName} replaced ${t.current ?? 'the old tool'} in your tech stack.`,
    addedBeside: `${decision.vendorName} is listed beside ${t.current ?? 'the current tool'} in your tech stack.`,
  };
  if (t.outcome === 'pending') return null;
  if (!t.needsConfirmation) {
    return (
      <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between print:hidden">
        <p className="text-sm text-slate-700">
          {text[t.outcome]}
          {canWrite ? ' Keep its contract there, so the renewal and its notice deadline remind you in time.' : ''}
        </p>
        {canWrite ? (
          <Link href={contractPath(decision.vendorId)} className={buttonClasses({ size: 'sm' })}>
            Add its contract
          </Link>
        ) : null}
      </div>
    );
  }
  if (!canManage) {
    return (
      <p className="text-sm text-slate-700 print:hidden">
        An owner or admin is asked whether {decision.vendorName} replaces {t.current} in the tech stack.
      </p>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby="tech-stack-question"
      className="space-y-2 rounded-xl border border-indigo-200 bg-indigo-50 p-4 print:hidden"
    >
      <p id="tech-stack-question" className="text-sm font-medium text-slate-900">
        Replace {t.current} with {decision.vendorName} in your tech stack?
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate({ id: decision.id, replace: true })}>
          Replace {t.current}
        </Button>
        <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => answer.mutate({ id: decision.id, replace: false })}>
          Keep both
        </Button>
      </div>
      {answer.isError ? <Alert>{getErrorMessage(answer.error, 'The tech stack was not changed: please try again.')}</Alert> : null}
    </div>
  );
}
