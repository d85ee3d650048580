import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { DismissRequest, Dismissal } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { invalidatePicks } from './invalidate';

export function dismissPick(input: DismissRequest): Promise<Dismissal> {
  return unwrap(client.POST('/api/recommendations/dismissed', { body: input }));
}

/** Hides a pick, with the user's reason: it is not recommended to this user again until undone. */
export function useDismissPick() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: dismissPick,
    onSuccess: () => Promise.all([invalidatePicks(client), client.invalidateQueries({ queryKey: queryKeys.dismissed })]),
  });
}
