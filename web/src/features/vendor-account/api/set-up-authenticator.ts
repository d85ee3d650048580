import { useMutation } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { TotpSetup } from '../types';

import { vendorCall } from './vendor-call';

/** A new authenticator key for the account (its QR code and base32 text); `confirm` turns it on. */
export function setUpAuthenticator(): Promise<TotpSetup> {
  return vendorCall(client.POST('/api/vendor/mfa/setup'));
}

export function useSetUpAuthenticator() {
  return useMutation({ mutationFn: setUpAuthenticator });
}
