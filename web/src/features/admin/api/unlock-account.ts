import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { lockedAccountsKey } from './get-locked-accounts';

/** Ends every sign-in lock of the account, from every client, at once. */
export function unlockAccount(userId: number): Promise<void> {
  return unwrap(client.POST('/api/admin/users/{user_id}/unlock', { params: { path: { user_id: userId } } }));
}

export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...lockedAccountsKey] }),
  });
}
