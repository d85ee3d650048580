import { useId, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/text-field';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import type { DecisionView } from '@/lib/api/types';
import { cn } from '@/lib/cn';

import { useApproveDecision } from '../api/approve-decision';
import { useObjectDecision } from '../api/object-decision';
import { ApproverRow } from './approver-row';

/**
 * The approvers and where each stands on the current version; for an approver while the decision
 * is open, Approve and Object (with a comment), both bound to the version's hash shown on screen.
 */
export function ApprovalsSection({ decision, onChanged }: { decision: DecisionView; onChanged: () => void }) {
  const approve = useApproveDecision();
  const object = useObjectDecision();
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const commentId = useId();
  const busy = approve.isPending || object.isPending;

  const answer = async (what: 'approve' | 'object') => {
    setMessage(null);
    if (what === 'object' && !comment.trim()) {
      setMessage('Say why you object in the comment.');
      return;
    }
    const body = { versionHash: decision.versionHash, comment: comment.trim() };
    try {
      if (what === 'approve') await approve.mutateAsync({ id: decision.id, body });
      else await object.mutateAsync({ id: decision.id, body });
      setComment('');
    } catch (error) {
      setMessage(
        error instanceof ApiError && error.status === 409
          ? `${getErrorMessage(error, 'This decision changed since you opened it')}: read what changed, then answer again.`
          : getErrorMessage(error, 'Your answer was not saved: please try again.'),
      );
    }
    onChanged();
  };

  return (
    <section aria-labelledby="approvals-heading" className="space-y-3 break-inside-avoid-page">
      <h2 id="approvals-heading" className="text-lg font-semibold text-slate-900">
        Approvals
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white print:rounded-none print:border-x-0">
        {decision.approvers.map((a) => (
          <ApproverRow key={a.userId} approver={a} />
        ))}
      </ul>
      {decision.canAnswer ? (
        <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 print:hidden">
          <p className="text-sm text-slate-700">
            Your answer is for version {decision.version}, the one whose SHA-256 is shown at the top of the page.
          </p>
          <label htmlFor={commentId} className="block text-sm font-medium text-slate-700">
            Comment (required to object)
          </label>
          <textarea
            id={commentId}
            rows={2}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className={cn(inputClasses, 'min-h-16 resize-y border-slate-300')}
          />
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={() => void answer('approve')}>
              Approve version {decision.version}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => void answer('object')}>
              Object
            </Button>
          </div>
          {message ? <Alert>{message}</Alert> : null}
        </div>
      ) : null}
    </section>
  );
}
