import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { vendorInvitationsKey } from './get-vendor-invitations';

/** Revokes an invitation not taken up yet: its link then says it no longer works. 404 when it was taken up, revoked or expired. */
export function revokeVendorInvitation(id: string): Promise<void> {
  return unwrap(client.DELETE('/api/admin/vendor-invitations/{id}', { params: { path: { id } } }));
}

export function useRevokeVendorInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeVendorInvitation,
    // A 404 means it is gone too: the list is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorInvitationsKey }),
  });
}
