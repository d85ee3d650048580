import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { AdminDomainClaims } from '@/lib/api/types';

export const ssoDomainsKey = ['admin', 'sso-domains'] as const;

/** Every firm's claims to email domains for single sign-on, pending, confirmed or refused. */
export function getSsoDomains(signal?: AbortSignal): Promise<AdminDomainClaims> {
  return unwrap(client.GET('/api/admin/firms/sso-domains', { signal }));
}

export function useSsoDomains() {
  return useQuery({ queryKey: ssoDomainsKey, queryFn: ({ signal }) => getSsoDomains(signal) });
}
