import { useId, useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { inputClasses } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';

import type { VendorProposal } from '../api/get-vendor-proposals';

/** The server's limit on a rejection's reason. */
const MAX_REASON = 500;
/** The server's own words when the reason is missing. */
const NO_REASON = 'Say why the proposal is rejected: the vendor is told.';

type VendorProposalsRejectDialogProps = {
  proposal: VendorProposal;
  pending: boolean;
  /** The server's refusal. */
  error: string | null;
  onReject: (proposal: VendorProposal, reason: string) => void;
  onClose: () => void;
};

/**
 * "Reject {vendor}’s proposal?": the reason is required, and the person who proposed it is shown
 * it. Mounted while open.
 */
export function VendorProposalsRejectDialog({ proposal, pending, error, onReject, onClose }: VendorProposalsRejectDialogProps) {
  const formId = useId();
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      return;
    }
    onReject(proposal, text);
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Reject ${proposal.vendorName}’s proposal?`}
      description={`Proposed by ${proposal.byName} on ${formatDateTime(proposal.submittedAt)}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="destructive" disabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Rejecting...' : 'Reject proposal'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3 text-sm text-slate-700">
        {error ? <Alert>{error}</Alert> : null}
        <p>The listing stays as it is. {proposal.byName} is told your decision and this reason, and can propose again.</p>
        <div className="space-y-1.5">
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
            Reason, shown to the vendor
          </label>
          <textarea
            id={fieldId}
            rows={3}
            maxLength={MAX_REASON}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
            aria-invalid={missing || undefined}
            aria-describedby={`${fieldId}-count${missing ? ` ${fieldId}-error` : ''}`}
            className={cn(inputClasses, missing ? 'border-red-400' : 'border-slate-300')}
          />
          <p id={`${fieldId}-count`} className="text-xs text-slate-500">
            {reason.length} of {MAX_REASON} characters
          </p>
          {missing ? (
            <p id={`${fieldId}-error`} className="text-sm text-red-600">
              {NO_REASON}
            </p>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
