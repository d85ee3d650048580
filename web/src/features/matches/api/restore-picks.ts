import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { PicksRestored } from '@/lib/api/types';

import { invalidatePicks } from './invalidate';

export function restorePicks(): Promise<PicksRestored> {
  return unwrap(client.POST('/api/recommendations/persisted/restore'));
}

/**
 * Undoes "Clear picks": the server puts back the picks it kept, with their source; categories
 * with newer picks keep those, and the answer names both.
 */
export function useRestorePicks() {
  const client = useQueryClient();
  return useMutation({ mutationFn: restorePicks, onSuccess: () => invalidatePicks(client) });
}
