import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { invalidatePicks } from './invalidate';

export function clearPicks(): Promise<void> {
  return unwrap(client.DELETE('/api/recommendations/persisted'));
}

/**
 * "Clear picks": empties every stage's picks on the server (the history stays); the server keeps
 * them for `useRestorePicks`.
 */
export function useClearPicks() {
  const client = useQueryClient();
  return useMutation({ mutationFn: clearPicks, onSuccess: () => invalidatePicks(client) });
}
