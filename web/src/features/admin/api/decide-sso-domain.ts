import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { AdminDomainClaim, SsoDomainStatus } from '@/lib/api/types';

import { ssoDomainsKey } from './get-sso-domains';

/** The operator confirms or refuses a firm's claim to an email domain. */
export function decideSsoDomain(firmId: number, domain: string, status: SsoDomainStatus): Promise<AdminDomainClaim> {
  return unwrap(
    client.PUT('/api/admin/firms/{firm_id}/sso-domains/{domain}', {
      params: { path: { firm_id: firmId, domain } },
      body: { status },
    }),
  );
}

export function useDecideSsoDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ firmId, domain, status }: { firmId: number; domain: string; status: SsoDomainStatus }) =>
      decideSsoDomain(firmId, domain, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ssoDomainsKey] }),
  });
}
