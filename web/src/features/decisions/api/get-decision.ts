import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { DecisionView } from '@/lib/api/types';

import { decisionsQueryKey } from './get-decisions';

export const decisionQueryKey = (id: number) => [...decisionsQueryKey, id] as const;

/** One decision, its approvers and its current record (the server stores a changed record as a new version first). */
export function getDecision(id: number, signal?: AbortSignal): Promise<DecisionView> {
  return unwrap(client.GET('/api/decisions/{id}', { params: { path: { id } }, signal }));
}

// What the record holds can change under it (a scorecard, the shortlist): read afresh each time.
export const decisionQueryOptions = (id: number) =>
  queryOptions({ queryKey: decisionQueryKey(id), queryFn: ({ signal }) => getDecision(id, signal), staleTime: 0 });

export function useDecision(id: number) {
  return useQuery(decisionQueryOptions(id));
}

/** Where a version of the record downloads from: its canonical JSON, or CSV. */
export const versionUrl = (id: number, n: number, format: 'json' | 'csv') => `/api/decisions/${id}/versions/${n}?format=${format}`;
