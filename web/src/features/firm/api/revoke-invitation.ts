import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { firmKeys } from './keys';

/** Withdraws an invitation: its link stops working. */
export function revokeInvitation(invitationId: number): Promise<void> {
  return api.delete(`/api/firm/invitations/${invitationId}`);
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
