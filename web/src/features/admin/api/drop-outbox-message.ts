import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { OutboxItem } from '@/lib/api/types';

import { outboxKey } from './get-outbox';

/** Drops a queued or failed message: it is never sent. */
export function dropOutboxMessage(id: number): Promise<OutboxItem> {
  return unwrap(client.DELETE('/api/admin/outbox/{message_id}', { params: { path: { message_id: id } } }));
}

export function useDropOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dropOutboxMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKey }),
  });
}
