import { useState } from 'react';
import { Link, useParams } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { useFirmAccess } from '@/lib/auth';
import { downloadFromApi } from '@/lib/download';
import { formatDate, formatDateTime } from '@/lib/format';

import { useDecision, versionUrl } from '../api/get-decision';
import { ApprovalsSection } from './approvals-section';
import { DecisionFacts } from './decision-facts';
import { EditSection } from './edit-section';
import { EvaluationSection } from './evaluation-section';
import { ShortlistHistory } from './shortlist-history';
import { TechStackQuestion } from './tech-stack-question';

function download(url: string, name: string) {
  void downloadFromApi(url, name).catch((e: Error) =>
    toast({ title: 'The record was not downloaded', description: e.message, variant: 'destructive' }),
  );
}

/**
 * /decisions/:id: the decision and its record (the decision, the evaluation, the shortlist's
 * history, the approvals), the version and its hash printed on it, Approve / Object for
 * approvers (first on the page while they can answer), "What changed since" for a stale approval,
 * a final decision's way to its contract, every version, Print (the hash in every
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
  const approvals = <ApprovalsSection decision={d} onChanged={() => void decision.refetch()} />;

  return (
    <article className="mx-auto max-w-4xl space-y-8 print:max-w-none">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button size="sm" variant="outline" onClick={() => window.print()}>
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
          Decision: {d.categoryLabel}, {d.vendorName}
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
      {/* An approver's answer is what the page is for while it waits: first, above the record. */}
      {d.canAnswer ? approvals : null}
      <TechStackQuestion decision={d} />
      <DecisionFacts record={d.record} />
      {d.canAnswer ? null : approvals}
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
