import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { MfaStatus } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

/** Whether the signed-in operator has two-step sign-in on: the backup then asks for a code. */
export function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return unwrap(client.GET('/api/auth/mfa', { signal }));
}

export function useMfaStatus() {
  return useQuery({ queryKey: queryKeys.mfa, queryFn: ({ signal }) => getMfaStatus(signal) });
}
