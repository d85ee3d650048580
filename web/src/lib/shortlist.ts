import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The shortlist (GET/PUT/DELETE /api/shortlist/{vendorId}, PUT …/outcome), shared by every vendor
 * card's "Add to shortlist" toggle, the /past cards' outcome questions and the /shortlist screen.
 */

export const shortlistStatuses = ['Considering', 'Demo booked', 'Demo held', 'Chosen', 'Rejected'] as const;
export type ShortlistStatus = (typeof shortlistStatuses)[number];

export const MAX_NOTE = 2000;
export const MAX_REJECT_REASON = 200;

export type ShortlistEntry = {
  vendorId: number;
  vendorName: string;
  categoryId: number;
  description: string;
  priceBracket: number | null;
  websiteUrl: string | null;
  verifiedOn: string | null;
  sourceUrl: string | null;
  /** Why it was recommended, the latest time it was. */
  recommendation: { reasons: string[]; recommendedAt: string } | null;
  status: ShortlistStatus;
  note: string;
  rejectReason: string | null;
  history: { status: ShortlistStatus; at: string }[];
  outcome: { demoHeld: boolean | null; chosen: boolean | null; satisfaction: number | null };
  /** Which outcome questions to ask now. */
  asks: { demoHappened: boolean; chosen: boolean; satisfaction: boolean };
};

export type ShortlistGroup = {
  categoryId: number;
  categoryName: string;
  stage: number | null;
  /** 2-4 of the group's vendors, for the comparison link; empty with one entry. */
  compareIds: number[];
  entries: ShortlistEntry[];
};

export type Shortlist = { groups: ShortlistGroup[] };

export function getShortlist(): Promise<Shortlist> {
  return api.get('/api/shortlist');
}

export const shortlistQueryOptions = () => queryOptions({ queryKey: queryKeys.shortlist, queryFn: getShortlist });

export function useShortlist() {
  return useQuery(shortlistQueryOptions());
}

/** The entry of a vendor, if it is on the shortlist. */
export function findEntry(list: Shortlist | undefined, vendorId: number): ShortlistEntry | undefined {
  for (const group of list?.groups ?? []) {
    const entry = group.entries.find((e) => e.vendorId === vendorId);
    if (entry) return entry;
  }
  return undefined;
}

export type EntryChange = { status?: ShortlistStatus; note?: string; rejectReason?: string };
export type OutcomeChange = { demoHeld?: boolean; chosen?: boolean; satisfaction?: number };

export function putEntry(vendorId: number, change: EntryChange): Promise<ShortlistEntry> {
  return api.put(`/api/shortlist/${vendorId}`, change);
}

export function removeEntry(vendorId: number): Promise<void> {
  return api.delete(`/api/shortlist/${vendorId}`);
}

export function putOutcome(vendorId: number, change: OutcomeChange): Promise<ShortlistEntry> {
  return api.put(`/api/shortlist/${vendorId}/outcome`, change);
}

/** Adds, changes or removes entries; the shortlist refreshes after each. */
export function useShortlistMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.shortlist });
  const put = useMutation({
    mutationFn: ({ vendorId, change }: { vendorId: number; change: EntryChange }) => putEntry(vendorId, change),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: removeEntry, onSuccess: refresh });
  const outcome = useMutation({
    mutationFn: ({ vendorId, change }: { vendorId: number; change: OutcomeChange }) => putOutcome(vendorId, change),
    onSuccess: refresh,
  });
  return { put, remove, outcome };
}
