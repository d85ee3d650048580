import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import type { PersistedPicks } from './types';

export const persistedQueryKey = [...queryKeys.recommendations, 'persisted'] as const;

export function getPersisted(): Promise<PersistedPicks> {
  return api.get('/api/recommendations/persisted');
}

export const persistedQueryOptions = () => queryOptions({ queryKey: persistedQueryKey, queryFn: getPersisted });

/** The saved picks of every stage. */
export function usePersisted() {
  return useQuery(persistedQueryOptions());
}
