import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { MfaStatus } from '@/lib/api/types';

export const mfaStatusKey = ['auth', 'mfa'] as const;

export function getMfaStatus(): Promise<MfaStatus> {
  return unwrap(client.GET('/api/auth/mfa'));
}

export function useMfaStatus() {
  return useQuery({ queryKey: mfaStatusKey, queryFn: getMfaStatus });
}
