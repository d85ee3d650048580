import { formatDate } from '@/lib/format';
import { cn } from '@/lib/cn';

import type { VendorProposal } from '../api/get-vendor-proposals';

const statusText: Record<VendorProposal['status'], string> = {
  open: 'Open',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn by the vendor',
};

const statusColor: Record<VendorProposal['status'], string> = {
  open: 'text-slate-700',
  approved: 'text-emerald-700',
  rejected: 'text-red-700',
  withdrawn: 'text-slate-600',
};

/**
 * The last decided proposals (approved, rejected or withdrawn), newest first, folded away. What
 * each changed is not listed: the server compares a proposal with the listing as it is now, so a
 * decided one no longer says what it changed then.
 */
export function VendorProposalsDecided({ proposals }: { proposals: VendorProposal[] }) {
  return (
    <details className="border-t border-slate-100 pt-4 text-sm text-slate-700">
      <summary className="cursor-pointer rounded font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600">
        Decided ({proposals.length === 50 ? 'the last 50' : proposals.length})
      </summary>
      <ul aria-label="Decided proposals" className="mt-3 divide-y divide-slate-100">
        {proposals.map((proposal) => (
          <li key={proposal.id} className="min-w-0 py-3 first:pt-0">
            <p className="break-words">
              <span className="font-semibold text-slate-900">{proposal.vendorName}</span>
              <span aria-hidden="true" className="text-slate-400">
                {' '}
                ·{' '}
              </span>
              <span className="sr-only">, </span>
              <span className={cn('font-medium', statusColor[proposal.status])}>
                {proposal.status === 'approved' && proposal.changes.some((c) => c.decision && !c.decision.approved)
                  ? 'Partly approved'
                  : statusText[proposal.status]}
              </span>
              {proposal.decidedAt ? (
                <>
                  {' '}
                  on <time dateTime={proposal.decidedAt}>{formatDate(proposal.decidedAt)}</time>
                </>
              ) : null}
            </p>
            <p className="mt-0.5 text-slate-600">
              Proposed by {proposal.byName} on <time dateTime={proposal.submittedAt}>{formatDate(proposal.submittedAt)}</time>
            </p>
            {proposal.reason ? <p className="mt-1 [overflow-wrap:anywhere] text-slate-800">Reason: {proposal.reason}</p> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
