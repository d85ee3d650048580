import { useState } from 'react';
import { Link, useParams } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import type { DecisionView } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';
import { downloadFromApi } from '@/lib/download';
import { formatDate, formatDateTime } from '@/lib/format';
import { dollarsOf } from '@/lib/money';
import { useShortlist } from '@/lib/shortlist';

import { useAnswerTechStack } from '../api/answer-tech-stack';
import { useEditDecision } from '../api/edit-decision';
import { useDecision, versionUrl } from '../api/get-decision';
import { useFirmMembers } from '../api/get-firm-members';
import { vendorOptions } from '../form';
import { ApprovalsSection } from './approvals-section';
import { DecisionForm } from './decision-form';
import { DecisionFacts, EvaluationSection, ShortlistHistory } from './record-sections';

function download(url: string, name: string) {
  void downloadFromApi(url, name).catch((e: Error) =>
    toast({ title: 'The record was not downloaded', description: e.message, variant: 'destructive' }),
  );
}

function TechStackQuestion({ decision }: { decision: DecisionView }) {
  const answer = useAnswerTechStack(decision.id);
  const { canManage } = useFirmAccess();
  const t = decision.techStack;
  const text: Record<string, string> = {
    added: `${decision.vendorName} is now the category's tool in your tech stack.`,
    alreadyThere: `${decision.vendorName} was in your tech stack already.`,
    replaced: `${decision.vendorName} replaced ${t.current ?? 'the old tool'} in your tech stack.`,
    addedBeside: `${decision.vendorName} is listed beside ${t.current ?? 'the current tool'} in your tech stack.`,
  };
  if (t.outcome === 'pending') return null;
  if (!t.needsConfirmation) return <p className="text-sm text-slate-700 print:hidden">{text[t.outcome]}</p>;
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

function EditSection({ decision, onDone }: { decision: DecisionView; onDone: () => void }) {
  const shortlist = useShortlist();
  const members = useFirmMembers();
  const edit = useEditDecision(decision.id);
  if (!shortlist.data || !members.data) return <Spinner label="Preparing the form..." />;
  return (
    <section aria-label="Edit the decision" className="rounded-xl border border-slate-200 bg-white p-4 print:hidden">
      <DecisionForm
        categoryId={decision.categoryId}
        vendors={vendorOptions(shortlist.data.groups, decision.categoryId)}
        members={members.data.items}
        initial={{
          vendorId: String(decision.vendorId),
          runnerUpId: decision.runnerUpId != null ? String(decision.runnerUpId) : '',
          reasons: decision.reasons,
          annualCost: dollarsOf(decision.annualCost),
          startDate: decision.startDate,
          approvers: decision.approvers.map((a) => a.userId),
        }}
        submitLabel="Save as a new version"
        submit={async (body) => {
          await edit.mutateAsync({ id: decision.id, body });
          onDone();
        }}
        onCancel={onDone}
      />
    </section>
  );
}

/**
 * /decisions/:id: the decision and its record (the decision, the evaluation, the shortlist's
 * history, the approvals), the version and its hash printed on it, Approve / Object for
 * approvers, "What changed since" for a stale approval, every version, Print (the hash in every
 * printed page's footer), the CSV and JSON downloads, and an edit form for owners and admins while
 * it is open.
 */
export function DecisionPage() {
  const { id = '' } = useParams<{ id: string }>();
  const valid = /^\d{1,15}$/.test(id);
  const decision = useDecision(valid ? Number(id) : 0);
  const { canManage } = useFirmAccess();
  const [editing, setEditing] = useState(false);

  if (!valid) return <Alert>There is no decision at this address.</Alert>;
  if (decision.isPending) return <Spinner label="Loading the decision..." />;
  if (decision.isError) return <Alert>{getErrorMessage(decision.error, 'The decision could not be loaded: please try again.')}</Alert>;
  const d = decision.data;
  const open = d.status === 'open';

  return (
    <article className="mx-auto max-w-4xl space-y-8 print:max-w-none">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button size="sm" onClick={() => window.print()}>
          Print
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => download(versionUrl(d.id, d.version, 'csv'), `decision-${d.id}-v${d.version}.csv`)}
        >
          Download CSV
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => download(versionUrl(d.id, d.version, 'json'), `decision-${d.id}-v${d.version}.json`)}
        >
          Download JSON
        </Button>
        {canManage && open && !editing ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
            Edit
          </Button>
        ) : null}
        <Link href={paths.decisions} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          All decisions
        </Link>
      </div>
      <header className="space-y-1 border-b border-slate-300 pb-4">
        <h1 className="text-2xl font-semibold text-slate-900">
          Decision: {d.categoryName}, {d.vendorName}
        </h1>
        <p className="text-slate-700">
          {open ? 'Waiting for approval' : `Final since ${formatDateTime(d.finalAt)}`} · Version {d.version} of{' '}
          {formatDate(d.versions.at(-1)?.createdAt)}
        </p>
        <p className="text-sm text-slate-700">
          SHA-256 <span className="font-mono break-all">{d.versionHash}</span>
        </p>
      </header>
      {editing ? <EditSection decision={d} onDone={() => setEditing(false)} /> : null}
      <TechStackQuestion decision={d} />
      <DecisionFacts record={d.record} />
      <ApprovalsSection decision={d} onChanged={() => void decision.refetch()} />
      <EvaluationSection evaluation={d.record.evaluation} scoresHidden={d.scoresHidden} />
      <ShortlistHistory record={d.record} />
      <section aria-labelledby="versions-heading" className="space-y-2 print:hidden">
        <h2 id="versions-heading" className="text-lg font-semibold text-slate-900">
          Versions
        </h2>
        <ul className="space-y-1 text-sm">
          {d.versions.map((v) => (
            <li key={v.n} className="flex flex-wrap items-baseline gap-x-2">
              <button
                type="button"
                className="min-h-6 font-medium text-indigo-700 underline underline-offset-2"
                onClick={() => download(versionUrl(d.id, v.n, 'json'), `decision-${d.id}-v${v.n}.json`)}
              >
                Version {v.n} (JSON)
              </button>
              <span className="text-slate-600">{formatDateTime(v.createdAt)}</span>
              <span className="font-mono text-xs break-all text-slate-600">{v.hash}</span>
            </li>
          ))}
        </ul>
      </section>
      <footer
        data-testid="print-footer"
        className="hidden print:fixed print:inset-x-0 print:bottom-0 print:block print:bg-white print:text-[9pt] print:text-slate-700"
      >
        Decision {d.id} · version {d.version} · SHA-256 {d.versionHash}
      </footer>
    </article>
  );
}
