import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { InvitationPreview } from '@/lib/api/types';

/**
 * The invitation a /join link carries (a POST, so the token never lands in a server log's
 * address): the firm, the role and the email, or why it cannot be used (404, 410, 400).
 */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return unwrap(client.POST('/api/auth/invitation', { body: { token }, signal }));
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    // A link can be used or withdrawn at any moment: never trust an old answer.
    staleTime: 0,
    gcTime: 0,
  });

export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
}
