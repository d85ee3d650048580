import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDate, formatDateTime } from '@/lib/format';

import type { ProposalStatus, VendorProposal } from '../types';

const statusLabels: Record<ProposalStatus, string> = {
  open: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Not approved',
  withdrawn: 'Withdrawn',
};
const statusClasses: Record<ProposalStatus, string> = {
  open: 'bg-amber-50 text-amber-900 ring-amber-200',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
  withdrawn: 'bg-slate-100 text-slate-700 ring-slate-200',
};

type ProposalItemProps = {
  proposal: VendorProposal;
  withdrawing: boolean;
  onWithdraw: () => void;
};

/**
 * One proposal: when and by whom, its status, each change as "label: current → proposed" with
 * how the operator decided it (facts are decided one by one).
 */
export function ProposalItem({ proposal, withdrawing, onWithdraw }: ProposalItemProps) {
  const submitted = formatDateTime(proposal.submittedAt);
  return (
    <li className="space-y-2 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">
            Proposed {submitted} by {proposal.byName}
          </p>
          {proposal.decidedAt ? (
            <p className="text-xs text-slate-600">
              {proposal.status === 'withdrawn' ? 'Withdrawn' : 'Decided'} {formatDateTime(proposal.decidedAt)}
            </p>
          ) : null}
        </div>
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', statusClasses[proposal.status])}>
          {proposal.status === 'approved' && proposal.changes.some((c) => c.decision && !c.decision.approved)
            ? 'Partly approved'
            : statusLabels[proposal.status]}
        </span>
      </div>
      {proposal.changes.length > 0 ? (
        <ul aria-label={`Changes proposed ${submitted}`} className="space-y-1 text-sm text-slate-800">
          {proposal.changes.map((change) => (
            <li key={change.field} className="break-words">
              <span className="font-medium">{change.label}:</span> {change.current} → {change.proposed}
              {change.decision ? (
                <span className={cn('block text-xs', change.decision.approved ? 'text-emerald-800' : 'text-red-800')}>
                  {change.decision.approved ? 'Approved' : 'Not approved'} {formatDate(change.decision.decidedAt)}
                  {change.decision.evidenceSeenOn
                    ? ` · evidence seen by the operator on ${formatDate(change.decision.evidenceSeenOn)}`
                    : ''}
                  {change.decision.reason ? ` · The operator’s reason: ${change.decision.reason}` : ''}
                </span>
              ) : proposal.status === 'open' && proposal.changes.some((c) => c.decision) ? (
                <span className="block text-xs text-slate-600">Waiting for review</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : proposal.status === 'approved' ? (
        <p className="text-sm text-slate-600">Its changes are on your listing.</p>
      ) : null}
      {proposal.status === 'rejected' && proposal.reason ? (
        <p className="text-sm text-slate-800">
          <span className="font-medium">The operator’s reason:</span> {proposal.reason}
        </p>
      ) : null}
      {proposal.problem ? <p className="text-sm text-amber-900">It can no longer be approved as it is: {proposal.problem}</p> : null}
      {proposal.status === 'open' ? (
        <Button
          variant="outline"
          size="sm"
          disabled={withdrawing}
          onClick={onWithdraw}
          aria-label={`Withdraw the proposal of ${submitted}`}
        >
          {withdrawing ? 'Withdrawing...' : 'Withdraw'}
        </Button>
      ) : null}
    </li>
  );
}
