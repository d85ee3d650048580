import { useMutation } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type VendorInvitation = components['schemas']['VendorInvitation'];

/**
 * Invites a person to keep a listing: the link is mailed (`mailed`), or answered (`link`) when
 * this install sends no mail, for the operator to hand over; 409 when the address has a vendor
 * account. Nothing cached changes until the person takes the link up.
 */
export function inviteVendorPerson({ vendorId, email }: { vendorId: number; email: string }): Promise<VendorInvitation> {
  return unwrap(client.POST('/api/admin/vendors/{id}/vendor-invitations', { params: { path: { id: vendorId } }, body: { email } }));
}

export function useInviteVendorPerson() {
  return useMutation({ mutationFn: inviteVendorPerson });
}
