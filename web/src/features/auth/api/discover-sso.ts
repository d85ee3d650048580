import { client, unwrap } from '@/lib/api-client';
import type { SsoDiscovery } from '@/lib/api/types';

/** Whether the email's domain signs in through its firm's identity provider (nothing about accounts). */
export function discoverSso(email: string): Promise<SsoDiscovery> {
  return unwrap(client.GET('/api/auth/sso/discover', { params: { query: { email } } }));
}

/** Where "Continue with your firm's sign-in" goes: the server sends the browser on to the provider. */
export function ssoStartUrl(email: string, returnTo: string): string {
  return `/api/auth/sso/start?${new URLSearchParams({ email, returnTo }).toString()}`;
}
