import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { invalidatePicks } from './invalidate';

export function dismissPick(vendorId: number): Promise<void> {
  return api.delete(`/api/recommendations/picks/${vendorId}`);
}

/** Hides a pick for good: it is never recommended to this user again. */
export function useDismissPick() {
  const client = useQueryClient();
  return useMutation({ mutationFn: dismissPick, onSuccess: () => invalidatePicks(client) });
}
