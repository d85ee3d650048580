import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { VendorPage } from '@/lib/api/types';

/** Every vendor of one category, inactive ones included, by name: what a vendor can be merged into. */
export function getCategoryVendors(categoryId: number, signal?: AbortSignal): Promise<VendorPage> {
  return unwrap(
    client.GET('/api/vendors', {
      params: { query: { categoryIds: String(categoryId), pageSize: 100, includeInactive: true } },
      signal,
    }),
  );
}

export const categoryVendorsQueryOptions = (categoryId: number) =>
  queryOptions({
    queryKey: [...queryKeys.vendors, 'admin', 'category', categoryId] as const,
    queryFn: ({ signal }) => getCategoryVendors(categoryId, signal),
  });

export function useCategoryVendors(categoryId: number) {
  return useQuery(categoryVendorsQueryOptions(categoryId));
}
