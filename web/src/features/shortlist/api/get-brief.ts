import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { Brief } from '@/lib/api/types';

/** The CSV download of the same brief. */
export const briefCsvUrl = '/api/shortlist/brief.csv';

export function getBrief(): Promise<Brief> {
  return api.get('/api/shortlist/brief');
}

export const briefQueryOptions = () => queryOptions({ queryKey: ['shortlist', 'brief'], queryFn: getBrief });

export function useBrief() {
  return useQuery(briefQueryOptions());
}
