import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { OutboxItem } from '@/lib/api/types';

import { useDropOutboxMessage } from '../api/drop-outbox-message';
import { useOutbox } from '../api/get-outbox';
import { OutboxRow } from './outbox-row';

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
