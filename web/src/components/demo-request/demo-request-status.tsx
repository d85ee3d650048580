import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { DemoRequest, DemoShared } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';

import { latestRequest, useBookDemoRequest, useDemoRequests, useWithdrawDemoRequest } from '@/lib/demo-requests';

const sharedLabels: [keyof DemoShared, string][] = [
  ['name', 'Name'],
  ['email', 'Email'],
  ['firmName', "Firm's name"],
  ['firmSize', "Firm's size"],
  ['category', 'Looking for'],
  ['note', 'Note'],
];

/**
 * A shortlist entry's demo request, if the firm asked the vendor through Litstack: its line
 * ("Demo requested on DATE · ChartSwap answered on DATE"), the vendor's answer, what was sent, and
 * what a member may do: withdraw an open request, and, only for the person who asked, mark an
 * answered one booked.
 */
export function DemoRequestStatus({ vendorId }: { vendorId: number }) {
  const requests = useDemoRequests();
  const request = latestRequest(requests.data, vendorId);
  return request ? <RequestView request={request} /> : null;
}

function RequestView({ request }: { request: DemoRequest }) {
  const { canWrite } = useFirmAccess();
  const book = useBookDemoRequest();
  const withdraw = useWithdrawDemoRequest();
  const [confirming, setConfirming] = useState(false);
  const open = request.state === 'requested' || request.state === 'answered';
  const sent = sharedLabels.filter(([key]) => request.shared[key] != null);
  const answer = request.answer;

  return (
    <section
      aria-label={`Demo request to ${request.vendorName}`}
      className="space-y-2 rounded-lg border border-indigo-100 bg-indigo-50/60 px-3 py-2 text-sm"
    >
      <p className="font-medium text-indigo-950">{request.line}</p>
      {answer && request.state !== 'withdrawn' ? (
        <div className="space-y-1 text-slate-800">
          {answer.schedulingUrl ? (
            <p>
              <a
                href={answer.schedulingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-indigo-700 underline underline-offset-2"
              >
                {request.vendorName}'s scheduling page
              </a>
            </p>
          ) : null}
          {answer.times.length > 0 ? (
            <div>
              <p>Times offered:</p>
              <ul className="list-disc pl-5">
                {answer.times.map((t) => (
                  <li key={t}>
                    <time dateTime={t}>{formatDateTime(t)}</time>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {answer.message ? <p className="break-words whitespace-pre-wrap">“{answer.message}”</p> : null}
        </div>
      ) : null}
      <details className="text-slate-700">
        <summary className="cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-indigo-600">
          What {request.requestedBy} sent {request.vendorName}
        </summary>
        {sent.length > 0 ? (
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
            {sent.map(([key, label]) => (
              <div key={key} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="break-words">{request.shared[key]}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="mt-1">Nothing but that a law firm asked.</p>
        )}
      </details>
      {canWrite && open ? (
        <div className="flex flex-wrap items-center gap-2">
          {request.state === 'answered' ? (
            request.mine ? (
              <Button
                size="sm"
                disabled={book.isPending}
                onClick={() =>
                  book.mutate(request.id, {
                    onSuccess: () =>
                      toast({ title: `Demo with ${request.vendorName} booked`, description: 'Its shortlist status is Demo booked.' }),
                  })
                }
              >
                {book.isPending ? 'Marking...' : 'Mark demo booked'}
              </Button>
            ) : (
              <p className="text-slate-600">Only {request.requestedBy}, who asked, can mark it booked.</p>
            )
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Withdraw request
          </Button>
        </div>
      ) : null}
      {book.error ? <Alert>{getErrorMessage(book.error, 'The demo could not be marked booked. Please try again.')}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          setConfirming(next);
          if (!next) withdraw.reset();
        }}
        title={`Withdraw the demo request to ${request.vendorName}?`}
        confirmLabel="Withdraw"
        pendingLabel="Withdrawing..."
        destructive
        pending={withdraw.isPending}
        error={withdraw.isError ? getErrorMessage(withdraw.error, 'The request could not be withdrawn. Please try again.') : null}
        onConfirm={() => withdraw.mutate(request.id, { onSuccess: () => setConfirming(false) })}
      >
        <p>
          {request.vendorName} no longer sees what was sent and is told there is nothing to answer. The request still counts toward the 3
          requests a member may send one vendor in 30 days.
        </p>
      </ConfirmDialog>
    </section>
  );
}
