import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { VendorEvidence } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/vendors/{id}/evidence: real demo bookings and peer adoption, small counts hidden. */
export function getVendorEvidence(id: string, signal?: AbortSignal): Promise<VendorEvidence> {
  return unwrap(client.GET('/api/vendors/{id}/evidence', { params: { path: { id } }, signal }));
}

export const vendorEvidenceQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...queryKeys.vendors, 'evidence', id] as const, queryFn: ({ signal }) => getVendorEvidence(id, signal) });

export function useVendorEvidence(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vendorEvidenceQueryOptions(id), enabled });
}
