import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { PersistedPicks } from '@/lib/api/types';

import { persistedQueryKey } from './get-persisted';
import { invalidatePicks } from './invalidate';

export async function pickForMe(): Promise<PersistedPicks> {
  try {
    return await api.post<PersistedPicks>('/api/recommendations/pick-for-me');
  } catch (cause) {
    throw new Error('Failed to fetch Pick For Me recommendations', { cause });
  }
}

/** Picks up to three vendors per stage from what similar firms book. */
export function usePickForMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: pickForMe,
    onSuccess: (data) => {
      client.setQueryData(persistedQueryKey, data);
      void invalidatePicks(client);
    },
  });
}
