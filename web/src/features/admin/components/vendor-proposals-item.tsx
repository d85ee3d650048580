import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { formatDateTime } from '@/lib/format';

import type { VendorProposal } from '../api/get-vendor-proposals';
import { VendorProposalsChanges } from './vendor-proposals-changes';

type VendorProposalItemProps = {
  proposal: VendorProposal;
  /** A decision is being saved (this one or another): the buttons wait. */
  pending: boolean;
  onApprove: () => void;
  onReject: () => void;
};

/**
 * One open proposal: the listing, who proposed it and when, each fact as it is now and as
 * proposed, and why it can no longer be approved as it is, when the listing or the rules
 * changed since.
 */
export function VendorProposalItem({ proposal, pending, onApprove, onReject }: VendorProposalItemProps) {
  const titleId = useId();
  const problemId = useId();
  const when = formatDateTime(proposal.submittedAt);
  const which = <span className="sr-only"> {`${proposal.vendorName}’s proposal of ${when}`}</span>;
  return (
    <li>
      <article aria-labelledby={titleId} className="min-w-0 rounded-xl border border-slate-200 p-4">
        <h3 id={titleId} className="text-base font-semibold break-words text-slate-900">
          {proposal.vendorName}
        </h3>
        <p className="mt-0.5 text-sm text-slate-600">
          Proposed by {proposal.byName} on <time dateTime={proposal.submittedAt}>{when}</time>
        </p>
        {proposal.problem ? (
          <p
            id={problemId}
            className="mt-3 flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
          >
            <Icon name="alert" className="mt-px h-4.5 w-4.5 text-amber-700" />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-semibold">It cannot be approved as it is:</span> {proposal.problem}
            </span>
          </p>
        ) : proposal.changes.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">The listing already states every value in it: approving it changes nothing.</p>
        ) : (
          <VendorProposalsChanges changes={proposal.changes} className="mt-3" />
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={pending || Boolean(proposal.problem)}
            aria-describedby={proposal.problem ? problemId : undefined}
            onClick={onApprove}
          >
            Approve{which}
          </Button>
          <Button variant="outline" size="sm" disabled={pending} onClick={onReject}>
            Reject{which}
          </Button>
        </div>
      </article>
    </li>
  );
}
