import type { UseQueryResult } from '@tanstack/react-query';

import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';

import { useWithdrawProposal } from '../api/withdraw-proposal';
import { vendorErrorMessage } from '../api/vendor-call';
import type { VendorProposal } from '../types';

import { HomeSection } from './home-section';
import { ProposalItem } from './proposal-item';

/** "Your proposals": each with its status, what it changes, and Withdraw while it is open. */
export function ProposalsSection({ proposals }: { proposals: UseQueryResult<VendorProposal[]> }) {
  const withdraw = useWithdrawProposal();
  return (
    <HomeSection id="proposals" title="Your proposals" description="Newest first, by anyone who keeps this listing.">
      {proposals.isPending ? (
        <Spinner label="Loading your proposals..." />
      ) : proposals.isError ? (
        <Alert>{vendorErrorMessage(proposals.error, 'Failed to load your proposals.')}</Alert>
      ) : proposals.data.length === 0 ? (
        <p className="text-sm text-slate-600">No proposals yet.</p>
      ) : (
        <div className="space-y-4">
          {withdraw.isError ? (
            <Alert>{vendorErrorMessage(withdraw.error, 'Failed to withdraw the proposal. Please try again.')}</Alert>
          ) : null}
          <ul aria-label="Proposals" className="divide-y divide-slate-100">
            {proposals.data.map((proposal) => (
              <ProposalItem
                key={proposal.id}
                proposal={proposal}
                withdrawing={withdraw.isPending && withdraw.variables === proposal.id}
                onWithdraw={() => withdraw.mutate(proposal.id)}
              />
            ))}
          </ul>
        </div>
      )}
    </HomeSection>
  );
}
