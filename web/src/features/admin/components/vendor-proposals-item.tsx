import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { getErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/components/ui/use-toast';

import { useDecideVendorFact } from '../api/decide-vendor-fact';

import type { EvidenceBody } from '../api/decide-vendor-fact';
import type { VendorProposal } from '../api/get-vendor-proposals';
import { VendorProposalsChanges } from './vendor-proposals-changes';
import { VendorProposalFact, evidenceBody, noEvidence, type EvidenceDraft } from './vendor-proposals-fact';

type VendorProposalItemProps = {
  proposal: VendorProposal;
  /** A decision is being saved (this one or another): the buttons wait. */
  pending: boolean;
  /** Approve every fact not decided yet, with the evidence given for each attestation. */
  onApprove: (evidence: Record<string, EvidenceBody>) => void;
  onReject: () => void;
  /** A fact's decision decided the whole proposal: it leaves the open list. */
  onDecided: () => void;
};

/**
 * One open proposal: the listing, who proposed it and when, each fact as it is now and as
 * proposed, and why it can no longer be approved as it is, when the listing or the rules
 * changed since.
 */
export function VendorProposalItem({ proposal, pending, onApprove, onReject, onDecided }: VendorProposalItemProps) {
  const titleId = useId();
  const decideFact = useDecideVendorFact();
  const [evidence, setEvidence] = useState<Record<string, EvidenceDraft>>({});
  const [refused, setRefused] = useState<{ field: string; error: string } | null>(null);
  const busy = pending || decideFact.isPending;
  const waiting = proposal.changes.filter((change) => !change.decision);
  const partly = waiting.length < proposal.changes.length;
  const approveAll = () => {
    const given: Record<string, EvidenceBody> = {};
    for (const change of waiting) {
      const body = change.attestation ? evidenceBody(evidence[change.field] ?? noEvidence) : null;
      if (body) given[change.field] = body;
    }
    onApprove(given);
  };
  const decide = (
    change: (typeof proposal.changes)[number],
    approve: boolean,
    extra: { reason?: string | null; evidence?: EvidenceBody | null },
  ) => {
    setRefused(null);
    decideFact.mutate(
      { id: proposal.id, field: change.field, approve, reason: extra.reason ?? null, evidence: extra.evidence ?? null },
      {
        onSuccess: (decided) => {
          toast({
            title: `${proposal.vendorName}: ${change.label} ${approve ? 'approved' : 'rejected'}`,
            description: approve ? `Firms now see it, supplied by ${proposal.vendorName}.` : 'The listing keeps its value.',
          });
          if (decided.status !== 'open') onDecided();
        },
        onError: (error) => setRefused({ field: change.field, error: getErrorMessage(error, 'Please try again.') }),
      },
    );
  };
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
          <VendorProposalsChanges
            changes={proposal.changes}
            className="mt-3"
            decision={(change) => (
              <VendorProposalFact
                change={change}
                vendorName={proposal.vendorName}
                evidence={evidence[change.field] ?? noEvidence}
                onEvidence={(draft) => setEvidence((all) => ({ ...all, [change.field]: draft }))}
                pending={busy}
                error={refused?.field === change.field ? refused.error : null}
                onApprove={(given) => decide(change, true, { evidence: given })}
                onReject={(reason) => decide(change, false, { reason })}
              />
            )}
          />
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={busy || Boolean(proposal.problem)}
            aria-describedby={proposal.problem ? problemId : undefined}
            onClick={approveAll}
          >
            {partly ? 'Approve the rest' : 'Approve all'}
            {which}
          </Button>
          <Button variant="outline" size="sm" disabled={busy} onClick={onReject}>
            {partly ? 'Reject the rest' : 'Reject all'}
            {which}
          </Button>
        </div>
      </article>
    </li>
  );
}
