import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { RenewalList } from '@/lib/api/types';

export const renewalsQueryKey = ['renewals'] as const;

/** The firm's contracts with their opt-out deadlines, soonest first. */
export function getRenewals(signal?: AbortSignal): Promise<RenewalList> {
  return unwrap(client.GET('/api/renewals', { signal }));
}

// Deadlines count from today: read afresh when the screen opens.
export const renewalsQueryOptions = () =>
  queryOptions({ queryKey: renewalsQueryKey, queryFn: ({ signal }) => getRenewals(signal), staleTime: 0 });

export function useRenewals() {
  return useQuery(renewalsQueryOptions());
}

/** Where the calendar of every deadline downloads from. */
export const RENEWALS_ICS_URL = '/api/renewals?format=ics';
