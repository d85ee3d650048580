import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Invitations } from '@/lib/api/types';

import { firmKeys } from './keys';

/** The firm's pending invitations (owners and admins); never their tokens. */
export function getInvitations(signal?: AbortSignal): Promise<Invitations> {
  return unwrap(client.GET('/api/firm/invitations', { signal }));
}

export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: firmKeys.invitations, queryFn: ({ signal }) => getInvitations(signal), staleTime: 0 });

export function useInvitations({ enabled }: { enabled: boolean }) {
  return useQuery({ ...invitationsQueryOptions(), enabled });
}
