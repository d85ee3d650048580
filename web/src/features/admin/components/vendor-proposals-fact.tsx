import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { pageAddress } from '@/lib/vendor-facts';
import { OUTBOUND_REL } from '@/lib/outbound';

import type { EvidenceBody } from '../api/decide-vendor-fact';
import type { ProposalChange } from '../api/get-vendor-proposals';

/** The server's limits on a reason and on the operator's note. */
const MAX_TEXT = 500;

export type EvidenceDraft = { kind: 'url' | 'note'; url: string; note: string };
export const noEvidence: EvidenceDraft = { kind: 'url', url: '', note: '' };

/** The evidence as the server takes it, or null when none is given yet. */
export function evidenceBody(draft: EvidenceDraft): EvidenceBody | null {
  const text = (draft.kind === 'url' ? draft.url : draft.note).trim();
  if (!text) return null;
  return draft.kind === 'url' ? { url: text } : { note: text };
}

const evidenceKinds = [
  { value: 'url', label: 'A page on the vendor’s own site' },
  { value: 'note', label: 'I have seen the report' },
] as const;

type FactDecisionProps = {
  change: ProposalChange;
  vendorName: string;
  evidence: EvidenceDraft;
  onEvidence: (draft: EvidenceDraft) => void;
  /** A decision is being saved: the buttons wait. */
  pending: boolean;
  /** The server's refusal of this fact's last decision. */
  error: string | null;
  onApprove: (evidence: EvidenceBody | null) => void;
  onReject: (reason: string | null) => void;
};

/**
 * One fact's decision under its row: how it was decided, or Approve / Reject (with an optional
 * reason the vendor sees). An attestation (SOC 2, ISO 27001, a BAA offered) asks first for the
 * evidence seen: a page on the vendor's own site, or a note that the report was seen (firms never
 * see the note).
 */
export function VendorProposalFact({ change, vendorName, evidence, onEvidence, pending, error, onApprove, onReject }: FactDecisionProps) {
  const id = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const outcome = change.decision;
  if (outcome) {
    const page = pageAddress(outcome.evidenceUrl);
    return (
      <p className={cn('text-sm', outcome.approved ? 'text-emerald-800' : 'text-red-800')}>
        <span className="font-medium">{outcome.approved ? 'Approved' : 'Rejected'}</span> on {formatDate(outcome.decidedAt)}
        {outcome.evidenceSeenOn ? <> · evidence seen on {formatDate(outcome.evidenceSeenOn)}</> : null}
        {page ? (
          <>
            {' · '}
            <a href={page} target="_blank" rel={OUTBOUND_REL} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
              Evidence<span className="sr-only"> for {change.label}</span>
            </a>
          </>
        ) : null}
        {outcome.reason ? <span className="block [overflow-wrap:anywhere] text-slate-700">Reason: {outcome.reason}</span> : null}
      </p>
    );
  }
  const which = <span className="sr-only"> {change.label}</span>;
  const approve = () => {
    const body = change.attestation ? evidenceBody(evidence) : null;
    if (change.attestation && !body) {
      setMissing(true);
      return;
    }
    onApprove(body);
  };
  return (
    <div className="space-y-3">
      {change.attestation ? (
        <div className="space-y-2 rounded-lg bg-slate-50 p-3">
          <ChoiceGroup
            legend={`Evidence for ${change.label}: what did you see?`}
            options={evidenceKinds}
            value={evidence.kind}
            onChange={(kind) => onEvidence({ ...evidence, kind })}
            disabled={pending}
          />
          {evidence.kind === 'url' ? (
            <div className="space-y-1">
              <label htmlFor={`${id}-url`} className="block text-sm font-medium text-slate-700">
                {`${vendorName}’s trust or legal page for ${change.label}`}
              </label>
              <input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={evidence.url}
                onChange={(event) => {
                  onEvidence({ ...evidence, url: event.target.value });
                  setMissing(false);
                }}
                aria-invalid={missing || undefined}
                aria-describedby={`${id}-hint${missing ? ` ${id}-missing` : ''}`}
                className={cn(inputClasses, 'h-10', missing ? 'border-red-400' : 'border-slate-300')}
              />
              <p id={`${id}-hint`} className="text-xs text-slate-500">
                On {vendorName}’s own site. Firms see the link.
              </p>
            </div>
          ) : (
            <div className="space-y-1">
              <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-700">
                {`Your note: which report for ${change.label}, when and how you saw it`}
              </label>
              <textarea
                id={`${id}-note`}
                rows={2}
                maxLength={MAX_TEXT}
                value={evidence.note}
                onChange={(event) => {
                  onEvidence({ ...evidence, note: event.target.value });
                  setMissing(false);
                }}
                aria-invalid={missing || undefined}
                aria-describedby={`${id}-hint${missing ? ` ${id}-missing` : ''}`}
                className={cn(inputClasses, missing ? 'border-red-400' : 'border-slate-300')}
              />
              <p id={`${id}-hint`} className="text-xs text-slate-500">
                Kept with the fact, never shown to firms or the vendor. No document is stored.
              </p>
            </div>
          )}
          {missing ? (
            <p id={`${id}-missing`} className="text-sm text-red-600">
              {change.label} is an attestation: give the page you saw, or your note that you have seen the report.
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm [overflow-wrap:anywhere] text-red-700">
          {error}
        </p>
      ) : null}
      {rejecting ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            onReject(reason.trim() || null);
          }}
        >
          <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-700">
            {`Why not ${change.label}? Optional, shown to the vendor`}
          </label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={MAX_TEXT}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={cn(inputClasses, 'border-slate-300')}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" variant="destructive" disabled={pending}>
              Reject{which}
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={pending} onClick={approve}>
            Approve{which}
          </Button>
          <Button size="sm" variant="outline" disabled={pending} onClick={() => setRejecting(true)}>
            Reject…{which}
          </Button>
        </div>
      )}
    </div>
  );
}
