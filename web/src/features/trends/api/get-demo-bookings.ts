import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { DemoBookingPage } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { filtersToQuery, type TrendsFilters } from './filters';

/** Rows of the Recent Demo Bookings table per page (SPEC section 9). */
export const BOOKINGS_PAGE_SIZE = 6;

export function getDemoBookings(filters: TrendsFilters, offset: number, signal?: AbortSignal): Promise<DemoBookingPage> {
  return unwrap(
    client.GET('/api/demo-bookings', {
      params: { query: { ...filtersToQuery(filters), limit: BOOKINGS_PAGE_SIZE, offset } },
      signal,
    }),
  );
}

/** The page of bookings an address names (`page=`, from 1). */
export function pageFrom(get: (name: string) => string | undefined): number {
  return Math.max(1, Number.parseInt(get('page') ?? '1', 10) || 1);
}

/** A page of the recent bookings: the table reads it, /trends' sidebar link asks for it ahead. */
export const demoBookingsQueryOptions = (filters: TrendsFilters, offset: number, enabled = true) =>
  queryOptions({
    queryKey: [...queryKeys.demoBookings, filters, offset],
    queryFn: ({ signal }) => getDemoBookings(filters, offset, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

export function useDemoBookings(filters: TrendsFilters, offset: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(demoBookingsQueryOptions(filters, offset, enabled));
}
