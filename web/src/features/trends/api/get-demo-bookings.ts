import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import { filtersToQuery, type SampleShare, type TrendsFilters } from './filters';

export type DemoBooking = {
  id: number;
  clientCategory: string;
  client: string;
  /** The firm-size code (SOLO, E2_5, ...). */
  standardizedPracticeAreaBrokenOut: string;
  cityState: string | null;
  state: string | null;
  dma: string | null;
  /** RFC 3339. */
  createdTime: string | null;
  /** True for the generated sample set seeded on first launch. */
  sample: boolean;
};

export type DemoBookingPage = SampleShare & { items: DemoBooking[]; total: number; limit: number; offset: number };

/** Rows of the Recent Demo Bookings table per page (SPEC section 9). */
export const BOOKINGS_PAGE_SIZE = 6;

export function getDemoBookings(filters: TrendsFilters, offset: number, signal?: AbortSignal): Promise<DemoBookingPage> {
  return api.get('/api/demo-bookings', {
    query: { ...filtersToQuery(filters), limit: BOOKINGS_PAGE_SIZE, offset },
    signal,
  });
}

export function useDemoBookings(filters: TrendsFilters, offset: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.demoBookings, filters, offset],
      queryFn: ({ signal }) => getDemoBookings(filters, offset, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}
