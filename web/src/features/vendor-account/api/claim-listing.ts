import { useMutation } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import { vendorCall } from './vendor-call';

/**
 * Mails a link to an address at the listing's own domain (202 with the message to show). A
 * refusal is a 400 that says why: a public mail service, another domain, a listing with no
 * website or on a shared host, or mail off.
 */
export function claimListing(input: { vendorId: number; email: string }): Promise<{ message: string }> {
  return vendorCall(client.POST('/api/vendor/claims', { body: input }));
}

export function useClaimListing() {
  return useMutation({ mutationFn: claimListing });
}
