import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** A catalog vendor the tech-stack form offers in one category. */
export type AdoptionVendor = {
  id: number;
  name: string;
  logoUrl: string | null;
  websiteUrl: string | null;
};

/** One category of the tech-stack form, with the user's saved answer (SPEC section 3). */
export type CategoryAdoption = {
  category: { id: number; name: string };
  vendors: AdoptionVendor[];
  adoption: { hasTool: boolean | null };
  selectedVendors: Array<{ vendorId: number; isPrimary: boolean }>;
  otherVendors: Array<{ name: string }>;
};

export type CategoryAdoptionList = { items: CategoryAdoption[] };

export const categoryAdoptionQueryKey = ['category-adoption'] as const;

export function getCategoryAdoption(): Promise<CategoryAdoptionList> {
  return api.get('/api/profile/category-adoption');
}

export const categoryAdoptionQueryOptions = () =>
  queryOptions({ queryKey: categoryAdoptionQueryKey, queryFn: getCategoryAdoption });

export function useCategoryAdoption({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoryAdoptionQueryOptions(), enabled });
}
