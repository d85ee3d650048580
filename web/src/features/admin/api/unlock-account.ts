import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { lockedAccountsKey } from './get-locked-accounts';

/** Ends every sign-in lock of the account, from every client, at once. */
export function unlockAccount(userId: number): Promise<void> {
  return api.post(`/api/admin/users/${userId}/unlock`);
}

export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...lockedAccountsKey] }),
  });
}
