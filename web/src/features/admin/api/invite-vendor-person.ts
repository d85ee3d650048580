import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

import { vendorInvitationsKey } from './get-vendor-invitations';

export type VendorInvitation = components['schemas']['VendorInvitation'];

/**
 * Invites a person to keep a listing: the link is mailed (`mailed`), or answered (`link`) when
 * this install sends no mail, for the operator to hand over; 409 when the address has a vendor
 * account. The invitation then waits among the operator's invitations until it is taken up,
 * revoked or expires.
 */
export function inviteVendorPerson({ vendorId, email }: { vendorId: number; email: string }): Promise<VendorInvitation> {
  return unwrap(client.POST('/api/admin/vendors/{id}/vendor-invitations', { params: { path: { id: vendorId } }, body: { email } }));
}

export function useInviteVendorPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteVendorPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorInvitationsKey }),
  });
}
