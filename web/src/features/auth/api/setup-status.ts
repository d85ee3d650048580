import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { SetupStatus } from '@/lib/api/types';

/** Whether the first sign-up must carry the one-time setup token the server printed. */
export function getSetupStatus(): Promise<SetupStatus> {
  return unwrap(client.GET('/api/auth/setup'));
}

export function useSetupStatus() {
  return useQuery({ queryKey: ['auth', 'setup'], queryFn: getSetupStatus });
}
