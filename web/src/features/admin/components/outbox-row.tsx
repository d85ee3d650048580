import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { MessageStatus, OutboxItem } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/format';

import { useRetryOutboxMessage } from '../api/retry-outbox-message';
import { canDrop, canRetry, kindLabel, statusLabel } from '../mail';
import { OutboxTime } from './outbox-time';

const statusClasses: Record<MessageStatus, string> = {
  queued: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  failed: 'bg-red-50 text-red-800 ring-red-600/20',
  dropped: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

/** One message of the outbox: what, to whom, its status and times, and Retry or Drop where they apply. */
export function OutboxRow({ item, onDrop }: { item: OutboxItem; onDrop: () => void }) {
  const retry = useRetryOutboxMessage();
  const times = (
    <>
      <OutboxTime label="Created" at={item.createdAt} />
      {item.status === 'queued' ? <OutboxTime label="Next attempt" at={item.nextAttemptAt} /> : null}
      <OutboxTime label="Sent" at={item.sentAt} />
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
