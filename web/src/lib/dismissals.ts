import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * Dismissed vendors (GET /api/recommendations/dismissed, DELETE …/dismissed/{vendorId}), shared by
 * every screen that lists a dismissal or offers its Undo (/past, the vendor profile).
 */

export type DismissReasonCode = 'too_expensive' | 'doesnt_integrate' | 'already_evaluated' | 'not_right_for_practice' | 'other';

/** The reasons the dismiss dialog offers, in its order. */
export const dismissReasons: ReadonlyArray<{ value: DismissReasonCode; label: string }> = [
  { value: 'too_expensive', label: 'Too expensive' },
  { value: 'doesnt_integrate', label: "Doesn't work with our tools" },
  { value: 'already_evaluated', label: 'Already evaluated' },
  { value: 'not_right_for_practice', label: 'Not right for our practice' },
  { value: 'other', label: 'Other' },
];

/** Longest "Other" text the server takes, in characters. */
export const MAX_OTHER_TEXT = 200;

export type Dismissal = {
  vendorId: number;
  vendorName: string;
  categoryId: number;
  categoryName: string;
  priceBracket: number | null;
  /** A reason code, or 'not_given' for a dismissal from before reasons were asked. */
  reason: DismissReasonCode | 'not_given';
  /** The reason in words, e.g. "Too expensive" or "Other: We build our own". */
  reasonLabel: string;
  otherText: string | null;
  dismissedAt: string;
};

/** The signed-in user's own dismissals, newest first. */
export function getDismissed(): Promise<{ items: Dismissal[] }> {
  return api.get('/api/recommendations/dismissed');
}

export const dismissedQueryOptions = () => queryOptions({ queryKey: queryKeys.dismissed, queryFn: getDismissed });

export function useDismissed({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dismissedQueryOptions(), enabled });
}

export function undoDismissal(vendorId: number): Promise<void> {
  return api.delete(`/api/recommendations/dismissed/${vendorId}`);
}

/** Undoes a dismissal: the vendor can be ranked and picked again. */
export function useUndoDismissal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: undoDismissal,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.dismissed }),
  });
}
