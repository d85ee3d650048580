import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { MessageStatus, OutboxItem } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { countOf, formatDateTime } from '@/lib/format';

import { useDropOutboxMessage } from '../api/drop-outbox-message';
import { useOutbox } from '../api/get-outbox';
import { useRetryOutboxMessage } from '../api/retry-outbox-message';
import { canDrop, canRetry, kindLabel, statusLabel } from '../mail';

const statusClasses: Record<MessageStatus, string> = {
  queued: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  failed: 'bg-red-50 text-red-800 ring-red-600/20',
  dropped: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

function When({ label, at }: { label: string; at: string | null | undefined }) {
  if (!at) return null;
  return (
    <span className="block">
      {label} <time dateTime={at}>{formatDateTime(at)}</time>
    </span>
  );
}

/** The messages Litstack sent or waits to send, newest first, with Retry and Drop where they apply. */
export function OutboxList() {
  const outbox = useOutbox();
  const [dropping, setDropping] = useState<OutboxItem | null>(null);
  const drop = useDropOutboxMessage();
  if (outbox.error) return <Alert>{getErrorMessage(outbox.error, 'Failed to load the outbox. Please try again.')}</Alert>;
  if (!outbox.data) return <Spinner label="Loading the outbox..." />;
  const { items, mailEnabled } = outbox.data;

  const closeDrop = () => {
    setDropping(null);
    drop.reset();
  };

  return (
    <div className="space-y-4">
      {mailEnabled ? null : <Notice>Mail is off: messages wait here until a mail server is set.</Notice>}
      <p className="text-sm text-slate-600">
        The newest 200 messages. A message that fails is tried again, waiting longer each time (from a minute to 12 hours), until the mail
        server takes it or refuses it for good.
      </p>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">No message yet.</p>
      ) : (
        <div className="-mx-5 overflow-x-auto sm:mx-0">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Outbox: each message, where it stands, and the mail server&apos;s last answer</caption>
            <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2 sm:pl-0">
                  Message
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="hidden px-3 py-2 md:table-cell">
                  When
                </th>
                <th scope="col" className="px-5 py-2 text-right sm:pr-0">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((item) => (
                <OutboxRow key={item.id} item={item} onDrop={() => setDropping(item)} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      <ConfirmDialog
        open={dropping !== null}
        onOpenChange={(open) => (open ? undefined : closeDrop())}
        title={dropping ? `Drop the message to ${dropping.to}?` : 'Drop the message?'}
        confirmLabel="Drop"
        pendingLabel="Dropping..."
        destructive
        pending={drop.isPending}
        error={drop.isError ? getErrorMessage(drop.error, 'The message could not be dropped. Please try again.') : null}
        onConfirm={() => {
          if (!dropping) return;
          drop.mutate(dropping.id, {
            onSuccess: () => {
              toast({ title: 'Message dropped', description: `“${dropping.subject}” will not be sent to ${dropping.to}.` });
              closeDrop();
            },
          });
        }}
      >
        <p>
          &ldquo;{dropping?.subject}&rdquo; is never sent. If it carried a link, make a new one and hand it over yourself, or send a new one
          once mail works.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function OutboxRow({ item, onDrop }: { item: OutboxItem; onDrop: () => void }) {
  const retry = useRetryOutboxMessage();
  const times = (
    <>
      <When label="Created" at={item.createdAt} />
      {item.status === 'queued' ? <When label="Next attempt" at={item.nextAttemptAt} /> : null}
      <When label="Sent" at={item.sentAt} />
    </>
  );
  return (
    <tr>
      <th scope="row" className="px-5 py-3 align-top font-normal sm:pl-0">
        <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">{kindLabel(item.kind)}</span>
        <span className="block font-medium break-words text-slate-900">{item.subject}</span>
        <span className="block break-all text-slate-600">To {item.to}</span>
        {/* What the When column holds, on narrow screens. */}
        <span className="mt-1 block text-xs text-slate-500 md:hidden">{times}</span>
      </th>
      <td className="px-3 py-3 align-top">
        <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', statusClasses[item.status])}>
          {statusLabel(item.status)}
        </span>
        <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">{countOf(item.attempts, 'attempt')}</span>
        {item.lastAnswer ? (
          <span className="mt-1 block max-w-xs font-mono text-xs break-words text-slate-700">
            <span className="sr-only">Last answer: </span>
            {item.lastAnswer}
          </span>
        ) : null}
      </td>
      <td className="hidden px-3 py-3 align-top text-xs whitespace-nowrap text-slate-600 md:table-cell">{times}</td>
      <td className="px-5 py-3 align-top sm:pr-0">
        <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:justify-end">
          {canRetry(item) ? (
            <Button
              variant="outline"
              size="sm"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(item.id, {
                  onSuccess: () => toast({ title: 'Sending again', description: `“${item.subject}” to ${item.to} is queued for now.` }),
                  onError: (error) =>
                    toast({
                      title: 'Could not retry',
                      description: getErrorMessage(error, 'Please try again.'),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {retry.isPending ? 'Retrying...' : 'Retry'}
              <span className="sr-only">
                {' '}
                the message to {item.to}: {item.subject}
              </span>
            </Button>
          ) : null}
          {canDrop(item) ? (
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onDrop}>
              Drop
              <span className="sr-only">
                {' '}
                the message to {item.to}: {item.subject}
              </span>
            </Button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
