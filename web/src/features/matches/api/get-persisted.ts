import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { PersistedPicks } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

export const persistedQueryKey = [...queryKeys.recommendations, 'persisted'] as const;

export function getPersisted(): Promise<PersistedPicks> {
  return unwrap(client.GET('/api/recommendations/persisted'));
}

export const persistedQueryOptions = () => queryOptions({ queryKey: persistedQueryKey, queryFn: getPersisted });

/** The saved picks of every stage. */
export function usePersisted() {
  return useQuery(persistedQueryOptions());
}
