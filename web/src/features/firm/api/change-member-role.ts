import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FirmRole, MemberEnvelope } from '@/lib/api/types';

import { firmKeys } from './keys';

/** Gives a member another role; an owner's last-owner rule answers 409 with its reason. */
export function changeMemberRole({ userId, role }: { userId: number; role: FirmRole }): Promise<MemberEnvelope> {
  return unwrap(client.PATCH('/api/firm/members/{user_id}', { params: { path: { user_id: userId } }, body: { role } }));
}

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: firmKeys.members }),
        queryClient.invalidateQueries({ queryKey: firmKeys.audit }),
      ]),
  });
}
