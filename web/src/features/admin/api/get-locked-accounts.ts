import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { LockedAccounts } from '@/lib/api/types';

/** Only the operator's screen reads it; a lock can start at any moment, so it is never stale. */
export const lockedAccountsKey = ['admin', 'locked-accounts'] as const;

/** Accounts some client may not sign in to now, the longest-locked first. */
export function getLockedAccounts(signal?: AbortSignal): Promise<LockedAccounts> {
  return unwrap(client.GET('/api/admin/locked-accounts', { signal }));
}

export const lockedAccountsQueryOptions = () =>
  queryOptions({
    queryKey: lockedAccountsKey,
    queryFn: ({ signal }) => getLockedAccounts(signal),
    staleTime: 0,
  });

export function useLockedAccounts() {
  return useQuery(lockedAccountsQueryOptions());
}
