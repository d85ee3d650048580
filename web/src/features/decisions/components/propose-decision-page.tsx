import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { decisionPath } from '@/config/links';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { useFirmAccess } from '@/lib/auth';
import { useShortlist } from '@/lib/shortlist';
import { usePageParams } from '@/lib/use-page-params';

import { useDraft } from '../api/get-draft';
import { useFirmMembers } from '../api/get-firm-members';
import { useProposeDecision } from '../api/propose-decision';
import { vendorOptions, type DecisionFields } from '../form';
import { DecisionForm } from './decision-form';

/**
 * /decisions/new?category=<id>: "Propose a decision". The vendor and runner-up come from the
 * category's shortlist, the reasons are pre-filled from the scores (the server's draft: the
 * highest weighted score first, the criteria where it led), the owners are ticked to approve.
 */
export function ProposeDecisionPage() {
  const raw = usePageParams().get('category') ?? '';
  const categoryId = /^\d{1,19}$/.test(raw) ? Number(raw) : null;
  const [, navigate] = useLocation();
  const { canManage } = useFirmAccess();
  const shortlist = useShortlist();
  const members = useFirmMembers();
  const draft = useDraft(categoryId);
  const propose = useProposeDecision();
  const [initial, setInitial] = useState<DecisionFields | null>(null);

  const ready = shortlist.data && members.data && draft.data;
  useEffect(() => {
    if (!ready || initial) return;
    setInitial({
      vendorId: draft.data.vendorId != null ? String(draft.data.vendorId) : '',
      runnerUpId: draft.data.runnerUpId != null ? String(draft.data.runnerUpId) : '',
      reasons: draft.data.reasons,
      annualCost: '',
      startDate: '',
      approvers: members.data.items.filter((m) => m.role === 'owner').map((m) => m.userId),
    });
  }, [ready, initial, draft.data, members.data]);

  const group = shortlist.data?.groups.find((g) => g.categoryId === categoryId);
  const header = (
    <PageHeader
      title="Propose a decision"
      description={group ? `${group.categoryLabel}: the vendor your firm chooses, why, and who must approve.` : undefined}
      actions={
        <Link href={paths.decisions} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          All decisions
        </Link>
      }
    />
  );
  if (!canManage) {
    return (
      <>
        {header}
        <Alert>Only the firm's owners and admins can propose a decision.</Alert>
      </>
    );
  }
  if (categoryId === null) {
    return (
      <>
        {header}
        <Alert>Choose a category from the decisions list first.</Alert>
      </>
    );
  }
  const failed = shortlist.error ?? members.error ?? draft.error;
  if (failed) {
    return (
      <>
        {header}
        <Alert>{getErrorMessage(failed, 'The form could not be prepared: please try again.')}</Alert>
      </>
    );
  }
  if (!ready || !initial) {
    return (
      <>
        {header}
        <Spinner label="Preparing the form..." />
      </>
    );
  }
  const vendors = vendorOptions(shortlist.data.groups, categoryId);
  return (
    <>
      {header}
      {vendors.length === 0 ? (
        <Alert>Put the category's vendors on the shortlist first: a decision chooses among them.</Alert>
      ) : (
        <section aria-label="The decision" className="max-w-3xl space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          {draft.data.scoresHidden ? (
            <p role="note" className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800">
              {draft.data.scoresHidden}: the reasons are not pre-filled from scores you cannot see yet.
            </p>
          ) : null}
          <DecisionForm
            categoryId={categoryId}
            vendors={vendors}
            members={members.data.items}
            initial={initial}
            submitLabel="Propose"
            submit={async (body) => {
              const decision = await propose.mutateAsync(body);
              navigate(decisionPath(decision.id));
            }}
          />
        </section>
      )}
    </>
  );
}
