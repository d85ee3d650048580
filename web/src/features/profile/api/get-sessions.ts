import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { SessionView } from '@/lib/api/types';

export const sessionsKey = ['auth', 'sessions'] as const;

export function getSessions(): Promise<SessionView[]> {
  return unwrap(client.GET('/api/auth/sessions'));
}

export function useSessions() {
  return useQuery({ queryKey: sessionsKey, queryFn: getSessions });
}
