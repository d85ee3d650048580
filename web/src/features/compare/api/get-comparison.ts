import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** A count about other firms or bookings: the number from 5 up, else only "fewer than 5". */
export type ShownCount = { value: number | null; label: string };

export type ComparedVendor = {
  id: number;
  name: string;
  logoUrl: string | null;
  category: { id: number; name: string };
  priceBracket: number | null;
  firmSizes: string[];
  practiceAreas: string[];
  integrations: { name: string; inYourStack: boolean }[];
  highlights: string[];
  partner: { isRecommendedPartner: boolean; partnerLevel: string | null };
  recentDemoBookings: ShownCount;
  /** Other firms of the user's size using it (never the user's own); null when the size is unknown. */
  peerAdoption: ShownCount | null;
  matchScore: { score: number; answeredOn: string } | null;
  verifiedOn: string | null;
  sourceUrl: string | null;
  bookingUrl: string | null;
  websiteUrl: string | null;
  isActive: boolean;
  summary: string;
};

export type Attribute =
  | 'category'
  | 'priceBracket'
  | 'firmSizes'
  | 'practiceAreas'
  | 'integrations'
  | 'highlights'
  | 'partner'
  | 'recentDemoBookings'
  | 'peerAdoption'
  | 'matchScore'
  | 'verifiedOn'
  | 'scheduling'
  | 'isActive';

export type Comparison = {
  vendors: ComparedVendor[];
  differing: Attribute[];
  differentCategories: boolean;
  firmSize: string | null;
  demandDays: number;
};

/** GET /api/compare?ids=…: the raw `ids` text goes to the server, which says what is wrong with it. */
export function getComparison(ids: string, signal?: AbortSignal): Promise<Comparison> {
  return api.get('/api/compare', { signal, query: { ids } });
}

export const comparisonQueryOptions = (ids: string) =>
  queryOptions({
    queryKey: ['compare', ids] as const,
    queryFn: ({ signal }) => getComparison(ids, signal),
    // A bad address stays bad: no retry.
    retry: false,
  });

export function useComparison(ids: string) {
  return useQuery(comparisonQueryOptions(ids));
}
