import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { VendorProfile } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/vendors/{id}: the profile, with the firm's own history and the alternatives. */
export function getVendorProfile(id: string, signal?: AbortSignal): Promise<VendorProfile> {
  return unwrap(client.GET('/api/vendors/{id}', { params: { path: { id } }, signal }));
}

export const vendorProfileQueryKey = (id: string) => [...queryKeys.vendors, 'profile', id] as const;

export const vendorProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: vendorProfileQueryKey(id), queryFn: ({ signal }) => getVendorProfile(id, signal) });

export function useVendorProfile(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vendorProfileQueryOptions(id), enabled });
}
