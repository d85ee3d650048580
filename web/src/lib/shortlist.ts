import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from './api-client';
import type { EntryChange, OutcomeChange, Shortlist, ShortlistEntry, ShortlistStatus } from './api/types';
import { queryKeys } from './query-keys';

/**
 * The shortlist (GET/PUT/DELETE /api/shortlist/{vendorId}, PUT …/outcome, POST …/restore), shared
 * by every vendor card's "Add to shortlist" toggle, the /past cards' outcome questions and the
 * /shortlist screen.
 */

/** The statuses in the order the status select offers them; every one the API has. */
export const shortlistStatuses = [
  'Considering',
  'Demo booked',
  'Demo held',
  'Chosen',
  'Rejected',
  'Not chosen',
] as const satisfies ReadonlyArray<ShortlistStatus>;

export const MAX_NOTE = 2000;
export const MAX_REJECT_REASON = 200;

export function getShortlist(): Promise<Shortlist> {
  return unwrap(client.GET('/api/shortlist'));
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

export function putEntry(vendorId: number, change: EntryChange): Promise<ShortlistEntry> {
  return unwrap(client.PUT('/api/shortlist/{vendor_id}', { params: { path: { vendor_id: vendorId } }, body: change }));
}

export function removeEntry(vendorId: number): Promise<void> {
  return unwrap(client.DELETE('/api/shortlist/{vendor_id}', { params: { path: { vendor_id: vendorId } } }));
}

/**
 * Undoes the firm's last removal of the vendor: the server puts back the entry it kept (note,
 * history, outcome, reasons), exactly as it was. Nothing is sent: the client cannot write history.
 */
export function restoreEntry(vendorId: number): Promise<ShortlistEntry> {
  return unwrap(client.POST('/api/shortlist/{vendor_id}/restore', { params: { path: { vendor_id: vendorId } } }));
}

export function putOutcome(vendorId: number, change: OutcomeChange): Promise<ShortlistEntry> {
  return unwrap(client.PUT('/api/shortlist/{vendor_id}/outcome', { params: { path: { vendor_id: vendorId } }, body: change }));
}

/**
 * The shortlist with `entry` put in place of the vendor's entry; `undefined` when the vendor has
 * no entry there yet (a new entry's place in its group is the server's to say).
 */
export function withEntry(list: Shortlist | undefined, entry: ShortlistEntry): Shortlist | undefined {
  if (!findEntry(list, entry.vendorId) || !list) return undefined;
  return {
    ...list,
    groups: list.groups.map((g) => ({ ...g, entries: g.entries.map((e) => (e.vendorId === entry.vendorId ? entry : e)) })),
  };
}

/**
 * Adds, changes, removes or restores entries. A change shows the server's answer at once (the
 * entry it returns replaces the one on screen) and the shortlist is read again in the background;
 * an entry added or put back waits for that read, which places it in its group.
 */
export function useShortlistMutations() {
  const queryClient = useQueryClient();
  // The shortlist moves a stage's progress too (an entry puts its stage in progress).
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.shortlist }),
      queryClient.invalidateQueries({ queryKey: queryKeys.recommendationsOverview }),
    ]);
  const settle = (entry: ShortlistEntry) => {
    const next = withEntry(queryClient.getQueryData<Shortlist>(queryKeys.shortlist), entry);
    if (!next) return refresh();
    queryClient.setQueryData(queryKeys.shortlist, next);
    void refresh();
    return undefined;
  };
  const put = useMutation({
    mutationFn: ({ vendorId, change }: { vendorId: number; change: EntryChange }) => putEntry(vendorId, change),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: removeEntry,
    onSuccess: (_, vendorId) => {
      queryClient.setQueryData<Shortlist>(queryKeys.shortlist, (list) =>
        list
          ? {
              ...list,
              groups: list.groups
                .map((g) => {
                  const entries = g.entries.filter((e) => e.vendorId !== vendorId);
                  // A group of one has nothing to compare (the server sends none).
                  const compareIds = entries.length > 1 ? g.compareIds.filter((id) => id !== vendorId) : [];
                  return { ...g, entries, compareIds };
                })
                .filter((g) => g.entries.length > 0),
            }
          : list,
      );
      void refresh();
    },
  });
  const restore = useMutation({ mutationFn: restoreEntry, onSuccess: refresh });
  const outcome = useMutation({
    mutationFn: ({ vendorId, change }: { vendorId: number; change: OutcomeChange }) => putOutcome(vendorId, change),
    onSuccess: settle,
  });
  return { put, remove, restore, outcome };
}
