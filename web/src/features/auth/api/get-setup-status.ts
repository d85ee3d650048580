import { client, unwrap } from '@/lib/api-client';
import type { SetupStatus } from '@/lib/api/types';

/** Where the setup status sits in the query cache. */
export const setupStatusKey = ['auth', 'setup'] as const;

/** Whether the first sign-up must carry the one-time setup token the server printed. */
export function getSetupStatus(): Promise<SetupStatus> {
  return unwrap(client.GET('/api/auth/setup'));
}
