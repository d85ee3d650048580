import { useEffect, useRef, useState } from 'react';

import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { countOf } from '@/lib/format';

import { useDecideVendorProposal } from '../api/decide-vendor-proposal';
import type { EvidenceBody } from '../api/decide-vendor-fact';
import type { VendorProposal } from '../api/get-vendor-proposals';
import { VendorProposalItem } from './vendor-proposals-item';
import { VendorProposalsRejectDialog } from './vendor-proposals-reject-dialog';

/**
 * The open proposals, oldest first, each approved or rejected (with a reason, in a dialog). The
 * line above the list says how many wait; after a decision the keyboard focus lands on it, since
 * the buttons pressed are gone with their proposal.
 */
export function VendorProposalsOpen({ proposals }: { proposals: VendorProposal[] }) {
  const countRef = useRef<HTMLParagraphElement>(null);
  const decide = useDecideVendorProposal();
  const [rejecting, setRejecting] = useState<VendorProposal | null>(null);
  // How many are left after the decision just made: the focus moves once the list shows that.
  const [focusAt, setFocusAt] = useState<number | null>(null);

  useEffect(() => {
    if (focusAt === null || proposals.length !== focusAt) return;
    setFocusAt(null);
    countRef.current?.focus();
  }, [focusAt, proposals.length]);

  const approve = (proposal: VendorProposal, evidence: Record<string, EvidenceBody>) =>
    decide.mutate(
      { id: proposal.id, approve: true, evidence },
      {
        onSuccess: () => {
          toast({
            title: `${proposal.vendorName}: proposal approved`,
            description: `Firms now see its facts, supplied by ${proposal.vendorName}.`,
          });
          setFocusAt(proposals.length - 1);
        },
        onError: (error) => {
          toast({
            title: 'The proposal was not approved',
            description: getErrorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
          countRef.current?.focus();
        },
      },
    );

  const reject = (proposal: VendorProposal, reason: string) =>
    decide.mutate(
      { id: proposal.id, approve: false, reason },
      {
        onSuccess: () => {
          setRejecting(null);
          toast({ title: `${proposal.vendorName}: proposal rejected`, description: `${proposal.byName} is told your reason.` });
          setFocusAt(proposals.length - 1);
        },
      },
    );

  return (
    <div className="space-y-4">
      <p ref={countRef} tabIndex={-1} className="text-sm text-slate-600 focus:outline-none" aria-live="polite">
        {proposals.length === 0
          ? 'No proposals are waiting.'
          : `${countOf(proposals.length, 'proposal is', 'proposals are')} waiting for your decision. Firms see the proposed facts only once you approve them.`}
      </p>
      {proposals.length > 0 ? (
        <ul aria-label="Open proposals" className="space-y-4">
          {proposals.map((proposal) => (
            <VendorProposalItem
              key={proposal.id}
              proposal={proposal}
              pending={decide.isPending}
              onApprove={(evidence) => approve(proposal, evidence)}
              onDecided={() => setFocusAt(proposals.length - 1)}
              onReject={() => {
                decide.reset();
                setRejecting(proposal);
              }}
            />
          ))}
        </ul>
      ) : null}
      {rejecting ? (
        <VendorProposalsRejectDialog
          key={rejecting.id}
          proposal={rejecting}
          pending={decide.isPending}
          error={decide.isError ? getErrorMessage(decide.error, 'The proposal could not be rejected. Please try again.') : null}
          onReject={reject}
          onClose={() => {
            setRejecting(null);
            decide.reset();
          }}
        />
      ) : null}
    </div>
  );
}
