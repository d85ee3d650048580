import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { ResetLink } from '@/lib/api/types';

import { firmKeys } from './keys';

/** A one-time password-reset link for a member (15 minutes), shown to the asker this once. */
export function createResetLink(userId: number): Promise<ResetLink> {
  return unwrap(client.POST('/api/firm/members/{user_id}/reset-link', { params: { path: { user_id: userId } } }));
}

export function useCreateResetLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createResetLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmKeys.audit }),
  });
}
