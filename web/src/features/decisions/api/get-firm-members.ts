import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Members } from '@/lib/api/types';

/** The firm's members: who can be named to approve (everyone but viewers). */
export function getFirmMembers(signal?: AbortSignal): Promise<Members> {
  return unwrap(client.GET('/api/firm/members', { signal }));
}

export function useFirmMembers() {
  return useQuery({ queryKey: ['decisions', 'members'], queryFn: ({ signal }) => getFirmMembers(signal), staleTime: 0 });
}
