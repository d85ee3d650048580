import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from './api-client';
import type { DismissReasonCode, DismissedList } from './api/types';
import { optionsOf } from './options';
import { queryKeys } from './query-keys';

/**
 * Dismissed vendors (GET /api/recommendations/dismissed, DELETE …/dismissed/{vendorId}), shared by
 * every screen that lists a dismissal or offers its Undo (/past, the vendor profile).
 */

/** The reasons the dismiss dialog offers, in its order. */
export const dismissReasons = optionsOf<DismissReasonCode>({
  too_expensive: 'Too expensive',
  doesnt_integrate: "Doesn't work with our tools",
  already_evaluated: 'Already evaluated',
  not_right_for_practice: 'Not right for our practice',
  other: 'Other',
});

/** Longest "Other" text the server takes, in characters. */
export const MAX_OTHER_TEXT = 200;

/** The signed-in user's own dismissals, newest first. */
export function getDismissed(): Promise<DismissedList> {
  return unwrap(client.GET('/api/recommendations/dismissed'));
}

export const dismissedQueryOptions = () => queryOptions({ queryKey: queryKeys.dismissed, queryFn: getDismissed });

export function useDismissed({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dismissedQueryOptions(), enabled });
}

export function undoDismissal(vendorId: number): Promise<void> {
  return unwrap(client.DELETE('/api/recommendations/dismissed/{vendor_id}', { params: { path: { vendor_id: vendorId } } }));
}

/**
 * After a dismissal is undone: the dismissed list, and the picks and the stage overview (a stage
 * that still holds the vendor shows it again in its place), and the history.
 */
export function refreshAfterUndo(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.dismissed }),
    client.invalidateQueries({ queryKey: queryKeys.recommendations }),
    client.invalidateQueries({ queryKey: queryKeys.pastRecommendations }),
  ]);
}

/** Undoes a dismissal: the vendor can be ranked and picked again. */
export function useUndoDismissal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: undoDismissal,
    onSuccess: () => refreshAfterUndo(client),
  });
}
