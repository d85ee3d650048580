import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiUrl, client, unwrap } from '@/lib/api-client';
import type { Brief } from '@/lib/api/types';

/** The CSV download of the same brief. */
export const briefCsvUrl = apiUrl('/api/shortlist/brief.csv');

export function getBrief(): Promise<Brief> {
  return unwrap(client.GET('/api/shortlist/brief'));
}

export const briefQueryOptions = () => queryOptions({ queryKey: ['shortlist', 'brief'], queryFn: getBrief });

export function useBrief() {
  return useQuery(briefQueryOptions());
}
