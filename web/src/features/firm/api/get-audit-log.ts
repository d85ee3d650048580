import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiUrl, client, unwrap } from '@/lib/api-client';
import type { AuditLog } from '@/lib/api/types';

import { firmKeys } from './keys';

/** Where the same log downloads as a CSV file. */
export const auditCsvUrl = apiUrl('/api/firm/audit', { format: 'csv' });

/** Who did what to the firm's accounts, newest first (owners and admins). */
export function getAuditLog(signal?: AbortSignal): Promise<AuditLog> {
  return unwrap(client.GET('/api/firm/audit', { signal }));
}

export const auditLogQueryOptions = () =>
  queryOptions({ queryKey: firmKeys.audit, queryFn: ({ signal }) => getAuditLog(signal), staleTime: 0 });

export function useAuditLog({ enabled }: { enabled: boolean }) {
  return useQuery({ ...auditLogQueryOptions(), enabled });
}
