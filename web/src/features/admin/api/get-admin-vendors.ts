import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { VendorPage } from '@/lib/api/types';

export const ADMIN_PAGE_SIZE = 25;

export type AdminVendorParams = { q: string; page: number };

/**
 * Every vendor, inactive ones included: the directory's own listing, with the vendors still
 * without a booking link first (each group by name).
 */
export function getAdminVendors({ q, page }: AdminVendorParams, signal?: AbortSignal): Promise<VendorPage> {
  return unwrap(
    client.GET('/api/vendors', {
      params: { query: { q: q || undefined, page, pageSize: ADMIN_PAGE_SIZE, includeInactive: true, sort: 'no_booking_first' } },
      signal,
    }),
  );
}

export const adminVendorsQueryOptions = (params: AdminVendorParams) =>
  queryOptions({
    // Under 'vendors', so every change to the catalog (an edit, an import) refreshes it too.
    queryKey: [...queryKeys.vendors, 'admin', params] as const,
    queryFn: ({ signal }) => getAdminVendors(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminVendors(params: AdminVendorParams) {
  return useQuery(adminVendorsQueryOptions(params));
}
