import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Members } from '@/lib/api/types';

/** The firm's members: whom a contract can name as responsible. */
export function getFirmMembers(signal?: AbortSignal): Promise<Members> {
  return unwrap(client.GET('/api/firm/members', { signal }));
}

export const firmMembersQueryOptions = () =>
  queryOptions({ queryKey: ['tech-stack', 'members'], queryFn: ({ signal }) => getFirmMembers(signal), staleTime: 0 });

export function useFirmMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...firmMembersQueryOptions(), enabled });
}
