import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type WaitingVendorInvitation = components['schemas']['VendorInvitationView'];

/** Only the operator's screen reads it; a person can take a link up at any moment, so it is never stale. */
export const vendorInvitationsKey = ['admin', 'vendor-invitations'] as const;

/** The invitations not taken up yet, newest first; never their links. */
export function getVendorInvitations(signal?: AbortSignal): Promise<WaitingVendorInvitation[]> {
  return unwrap(client.GET('/api/admin/vendor-invitations', { signal })).then((answer) => answer.items);
}

export const vendorInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: vendorInvitationsKey,
    queryFn: ({ signal }) => getVendorInvitations(signal),
    staleTime: 0,
  });

export function useVendorInvitations() {
  return useQuery(vendorInvitationsQueryOptions());
}
