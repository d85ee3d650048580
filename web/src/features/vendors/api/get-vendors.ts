import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { VendorPage, VendorSort } from '@/lib/api/types';

export type VendorListParams = {
  categoryIds: number[];
  q: string;
  sort: VendorSort;
  page: number;
  includeInactive: boolean;
  /** Security facts a vendor must state: baa, soc2, sso. */
  security: string[];
};

export function getVendors(params: VendorListParams, signal?: AbortSignal): Promise<VendorPage> {
  return unwrap(
    client.GET('/api/vendors', {
      params: {
        query: {
          categoryIds: params.categoryIds.join(','),
          q: params.q,
          sort: params.sort === 'name_asc' ? undefined : params.sort,
          page: params.page === 1 ? undefined : params.page,
          includeInactive: params.includeInactive ? true : undefined,
          security: params.security.length > 0 ? params.security.join(',') : undefined,
        },
      },
      signal,
    }),
  );
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
