import { useState } from 'react';
import { Link, useLocation } from 'wouter';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { decisionPath, newDecisionPath } from '@/config/links';
import { getErrorMessage } from '@/lib/api-client';
import { useFirmAccess } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useShortlist } from '@/lib/shortlist';

import { useDecisions } from '../api/get-decisions';

/** /decisions: the firm's decisions, and for owners and admins "Propose a decision" in a shortlisted category. */
export function DecisionsPage() {
  const decisions = useDecisions();
  const shortlist = useShortlist();
  const { canManage } = useFirmAccess();
  const [, navigate] = useLocation();
  const [category, setCategory] = useState('');
  const categories = (shortlist.data?.groups ?? []).map((g) => ({ value: String(g.categoryId), label: g.categoryLabel }));

  return (
    <>
      <PageHeader
        title="Decisions"
        description="Each decision holds its record: the criteria and scorecards, the references, the shortlist's history and who approved which version."
      />
      {canManage ? (
        <section aria-labelledby="propose-heading" className="mb-8 max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="propose-heading" className="text-lg font-semibold text-slate-900">
            Propose a decision
          </h2>
          {categories.length === 0 ? (
            <p className="text-sm text-slate-600">Put vendors on the shortlist first: a decision chooses among them.</p>
          ) : (
            <form
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                if (category) navigate(newDecisionPath(category));
              }}
            >
              <SelectField
                label="Category"
                options={categories}
                placeholder="Choose a category"
                value={category}
                onChange={(e) => setCategory(e.target.value)}
                className="sm:flex-1"
              />
              <Button type="submit" disabled={!category}>
                Continue
              </Button>
            </form>
          )}
        </section>
      ) : null}
      <section aria-labelledby="decisions-heading" className="space-y-3">
        <h2 id="decisions-heading" className="text-lg font-semibold text-slate-900">
          The firm's decisions
        </h2>
        {decisions.isPending ? (
          <Spinner label="Loading decisions..." />
        ) : decisions.isError ? (
          <Alert>{getErrorMessage(decisions.error, 'The decisions could not be loaded: please try again.')}</Alert>
        ) : decisions.data.items.length === 0 ? (
          <p className="text-sm text-slate-600">No decision yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {decisions.data.items.map((d) => (
              <li key={d.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <Link href={decisionPath(d.id)} className="font-semibold text-indigo-700 underline-offset-2 hover:underline">
                    {d.categoryLabel}: {d.vendorName}
                  </Link>
                  <p className="text-xs text-slate-600">
                    Proposed {formatDate(d.proposedAt)} · version {d.version}
                  </p>
                </div>
                <span className={d.status === 'final' ? 'text-sm font-medium text-emerald-800' : 'text-sm font-medium text-amber-800'}>
                  {d.status === 'final' ? 'Final' : 'Waiting for approval'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
