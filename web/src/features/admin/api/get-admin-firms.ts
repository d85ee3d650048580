import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { AdminFirms } from '@/lib/api/types';

/** Only the operator's firms screen reads it; its changes refresh it. */
export const adminFirmsKey = ['admin', 'firms'] as const;

/** Every firm of the install, with its member count and flags. */
export function getAdminFirms(signal?: AbortSignal): Promise<AdminFirms> {
  return unwrap(client.GET('/api/admin/firms', { signal }));
}

export const adminFirmsQueryOptions = () =>
  queryOptions({
    queryKey: adminFirmsKey,
    queryFn: ({ signal }) => getAdminFirms(signal),
  });

export function useAdminFirms() {
  return useQuery(adminFirmsQueryOptions());
}
