import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { DecisionList } from '@/lib/api/types';

export const decisionsQueryKey = ['decisions'] as const;

/** The firm's decisions, newest first. */
export function getDecisions(signal?: AbortSignal): Promise<DecisionList> {
  return unwrap(client.GET('/api/decisions', { signal }));
}

export const decisionsQueryOptions = () =>
  queryOptions({ queryKey: decisionsQueryKey, queryFn: ({ signal }) => getDecisions(signal), staleTime: 0 });

export function useDecisions() {
  return useQuery(decisionsQueryOptions());
}
