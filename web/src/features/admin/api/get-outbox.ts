import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Outbox } from '@/lib/api/types';

import { anyWaiting } from '../mail';

export const outboxKey = ['admin', 'outbox'] as const;

/** The newest 200 messages, newest first, and whether mail is on. */
export function getOutbox(signal?: AbortSignal): Promise<Outbox> {
  return unwrap(client.GET('/api/admin/outbox', { signal }));
}

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: outboxKey,
    queryFn: ({ signal }) => getOutbox(signal),
    // Messages are added by everyone's actions: each visit asks again.
    staleTime: 0,
    // The sender works every 2 s: while a message waits (and mail is on), ask again.
    refetchInterval: (query) => (query.state.data?.mailEnabled && anyWaiting(query.state.data.items) ? 3_000 : false),
  });

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
