import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FirmSize } from '@/lib/enums';
import type { SourcePage } from '@/lib/meeting-clicks';
import { queryKeys } from '@/lib/query-keys';

export type SizeRef = { code: FirmSize; label: string };

export type VendorProfile = {
  id: number;
  name: string;
  category: { id: number; name: string };
  websiteUrl: string | null;
  bookingUrl: string | null;
  logoUrl: string | null;
  description: string;
  shortHighlights: string[];
  priceBracket: number | null;
  firmSizesSupported: SizeRef[];
  practiceAreasSupported: string[];
  geoFocus: string | null;
  isRecommendedPartner: boolean;
  partnerLevel: string | null;
  isActive: boolean;
  sourceUrl: string | null;
  verifiedOn: string | null;
  integrations: Array<{ name: string; inYourStack: boolean }>;
  history: {
    recommendations: Array<{ category: { id: number; name: string }; recommendedAt: string; reasons: string[] }>;
    meetingClicks: Array<{ sourcePage: SourcePage; recordedAt: string }>;
    dismissed: boolean;
  };
  alternativesBasis: 'questionnaire' | 'fit';
  alternatives: Array<{
    id: number;
    name: string;
    logoUrl: string | null;
    websiteUrl: string | null;
    priceBracket: number | null;
    score: number | null;
    reason: string;
  }>;
};

/** GET /api/vendors/{id}: the profile, with the firm's own history and the alternatives. */
export function getVendorProfile(id: string, signal?: AbortSignal): Promise<VendorProfile> {
  return api.get(`/api/vendors/${encodeURIComponent(id)}`, { signal });
}

export const vendorProfileQueryKey = (id: string) => [...queryKeys.vendors, 'profile', id] as const;

export const vendorProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: vendorProfileQueryKey(id), queryFn: ({ signal }) => getVendorProfile(id, signal) });

export function useVendorProfile(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...vendorProfileQueryOptions(id), enabled });
}
