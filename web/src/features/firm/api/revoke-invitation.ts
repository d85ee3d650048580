import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { firmKeys } from './keys';

/** Withdraws an invitation: its link stops working. */
export function revokeInvitation(invitationId: number): Promise<void> {
  return unwrap(client.DELETE('/api/firm/invitations/{invitation_id}', { params: { path: { invitation_id: invitationId } } }));
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: firmKeys.invitations }),
        queryClient.invalidateQueries({ queryKey: firmKeys.audit }),
      ]),
  });
}
