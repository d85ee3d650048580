import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { OutboxItem } from '@/lib/api/types';

import { outboxKey } from './get-outbox';

/** Queues a failed (or waiting) message for an attempt now, counting its attempts from zero. */
export function retryOutboxMessage(id: number): Promise<OutboxItem> {
  return unwrap(client.POST('/api/admin/outbox/{message_id}/retry', { params: { path: { message_id: id } } }));
}

export function useRetryOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKey }),
  });
}
