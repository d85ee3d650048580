import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Vendor } from '@/lib/vendor';

export const PARTNER_LEVELS = ['Gold', 'Silver', 'Bronze'] as const;
export type PartnerLevel = (typeof PARTNER_LEVELS)[number];

/** The fields an administrator may change; those left out stay as they are. null clears. */
export type VendorUpdate = {
  partnerLevel?: PartnerLevel | null;
  isRecommendedPartner?: boolean;
  isActive?: boolean;
  bookingUrl?: string | null;
  logoUrl?: string | null;
};

export function updateVendor(id: number, update: VendorUpdate): Promise<Vendor> {
  return api.patch(`/api/admin/vendors/${id}`, update);
}

/** Cached reads that show vendors: the directory, the admin list, recommendations and past picks. */
export const keysChangedByVendorEdit = [queryKeys.vendors, queryKeys.recommendations, queryKeys.pastRecommendations] as const;

export function useUpdateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: VendorUpdate }) => updateVendor(id, update),
    onSuccess: () =>
      Promise.all(keysChangedByVendorEdit.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
