import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PartnerLevel, Vendor, VendorUpdate } from '@/lib/api/types';

/** The levels the partner select offers, in its order; every one the API has. */
export const PARTNER_LEVELS = ['Gold', 'Silver', 'Bronze'] as const satisfies ReadonlyArray<PartnerLevel>;

/** Changes only the fields `update` names; null clears one. */
export function updateVendor(id: number, update: VendorUpdate): Promise<Vendor> {
  return unwrap(client.PATCH('/api/admin/vendors/{id}', { params: { path: { id } }, body: update }));
}

/** Cached reads that show vendors: the directory, the admin list, recommendations and past picks. */
export const keysChangedByVendorEdit = [queryKeys.vendors, queryKeys.recommendations, queryKeys.pastRecommendations] as const;

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: VendorUpdate }) => updateVendor(id, update),
    onSuccess: () => Promise.all(keysChangedByVendorEdit.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
