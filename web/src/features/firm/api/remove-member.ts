import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { firmKeys } from './keys';

/** Removes a member from the firm; their sessions end at once, what they wrote stays the firm's. */
export function removeMember(userId: number): Promise<void> {
  return unwrap(client.DELETE('/api/firm/members/{user_id}', { params: { path: { user_id: userId } } }));
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: firmKeys.members }),
        queryClient.invalidateQueries({ queryKey: firmKeys.audit }),
      ]),
  });
}
