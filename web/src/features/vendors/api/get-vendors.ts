import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Vendor } from '@/lib/vendor';

export type { Vendor };

export type VendorSort = 'name_asc' | 'name_desc' | 'partner_first';

export type VendorListParams = {
  categoryIds: number[];
  q: string;
  sort: VendorSort;
  page: number;
  includeInactive: boolean;
};

export type VendorPage = {
  items: Vendor[];
  total: number;
  /** The page served, clamped into range by the server. */
  page: number;
  pageSize: number;
  totalPages: number;
  /** Vendors of the whole catalog with a partner level or star: none means nothing to sort first. */
  partnerCount: number;
};

export function getVendors(params: VendorListParams, signal?: AbortSignal): Promise<VendorPage> {
  return api.get('/api/vendors', {
    signal,
    query: {
      categoryIds: params.categoryIds,
      q: params.q,
      sort: params.sort === 'name_asc' ? undefined : params.sort,
      page: params.page === 1 ? undefined : params.page,
      includeInactive: params.includeInactive ? true : undefined,
    },
  });
}

export const vendorsQueryOptions = (params: VendorListParams) =>
  queryOptions({
    queryKey: [...queryKeys.vendors, 'list', params] as const,
    queryFn: ({ signal }) => getVendors(params, signal),
    // The grid keeps the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useVendors(params: VendorListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vendorsQueryOptions(params), enabled });
}
