import { useState } from 'react';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { decisionPath } from '@/config/links';
import { formatDate } from '@/lib/format';
import type { Evaluation } from '@/lib/api/types';

import { useCloseRound } from '../api/close-round';
import { useStartRound } from '../api/start-round';

/**
 * Whether the round still takes scores. A closed one says when and why ("Closed on DATE for the
 * proposed decision"), so no one is offered a scorecard the decision would not count; an open
 * one offers owners and admins to close it without a decision.
 */
export function RoundClosed({ categoryId, evaluation }: { categoryId: string; evaluation: Evaluation }) {
  const [confirming, setConfirming] = useState(false);
  const close = useCloseRound(categoryId);
  const start = useStartRound(categoryId);
  const closed = evaluation.closed;
  if (closed) {
    const on = formatDate(closed.on);
    return (
      <Notice>
        {closed.decisionId != null ? (
          <>
            Closed on {on} for the proposed decision: its scores are final.{' '}
            <Link className="font-medium text-indigo-700 underline" href={decisionPath(closed.decisionId)}>
              Open the decision
            </Link>
          </>
        ) : (
          <>
            Closed on {on} by {closed.by}: its scores are final.
          </>
        )}
        {evaluation.canStartRound ? (
          <span className="mt-2 flex flex-wrap items-center gap-3">
            <Button variant="outline" size="sm" onClick={() => start.mutate()} disabled={start.isPending}>
              Start a new round
            </Button>
            <span>Scoring again is a new round, with these criteria.</span>
          </span>
        ) : null}
        {start.error ? <span className="mt-2 block text-red-700">{start.error.message}</span> : null}
      </Notice>
    );
  }
  if (!evaluation.canManage || evaluation.round < evaluation.latestRound || evaluation.latestRound === 0) return null;
  return (
    <div>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        Close round
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Close this round?"
        confirmLabel="Close round"
        pendingLabel="Closing..."
        pending={close.isPending}
        error={close.error?.message ?? null}
        onConfirm={() => close.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      >
        <p>
          No one can score, change the criteria or record reference calls in round {evaluation.round} afterwards, and everyone sees its
          scores. Proposing a decision closes it too. Scoring again starts a new round.
        </p>
      </ConfirmDialog>
    </div>
  );
}
