import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Overview } from '@/lib/api/types';
import { cacheTimes } from '@/lib/cache-times';
import { queryKeys } from '@/lib/query-keys';

export function getOverview(): Promise<Overview> {
  return unwrap(client.GET('/api/recommendations/overview'));
}

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.recommendationsOverview, queryFn: getOverview, ...cacheTimes.recommendationsOverview });

/** Stages completed and each stage's status (completed, in progress, not started). */
export function useOverview() {
  return useQuery(overviewQueryOptions());
}
