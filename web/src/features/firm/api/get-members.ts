import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Members } from '@/lib/api/types';

import { firmKeys } from './keys';

/** Everyone in the firm with their role, joined and last-active times. */
export function getMembers(signal?: AbortSignal): Promise<Members> {
  return unwrap(client.GET('/api/firm/members', { signal }));
}

// Colleagues join and leave at any time: read afresh each time the screen opens.
export const membersQueryOptions = () =>
  queryOptions({ queryKey: firmKeys.members, queryFn: ({ signal }) => getMembers(signal), staleTime: 0 });

export function useMembers() {
  return useQuery(membersQueryOptions());
}
