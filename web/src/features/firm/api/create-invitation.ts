import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { InvitationCreated, NewInvitation } from '@/lib/api/types';

import { firmKeys } from './keys';

/** Invites a person by email with a role; the answer carries the link, shown this once. */
export function createInvitation(input: NewInvitation): Promise<InvitationCreated> {
  return unwrap(client.POST('/api/firm/invitations', { body: input }));
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: firmKeys.invitations }),
        queryClient.invalidateQueries({ queryKey: firmKeys.audit }),
      ]),
  });
}
