import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { MfaStatus } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

/** Shared with the Firm page's export, which asks for a code when two-step sign-in is on. */
export const mfaStatusKey = queryKeys.mfa;

export function getMfaStatus(): Promise<MfaStatus> {
  return unwrap(client.GET('/api/auth/mfa'));
}

export function useMfaStatus() {
  return useQuery({ queryKey: mfaStatusKey, queryFn: getMfaStatus });
}
