import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from './api-client';
import type { DemoRequest, DemoRequests, NewDemoRequest } from './api/types';
import { queryKeys } from './query-keys';

/**
 * The firm's demo requests (GET /api/demo-requests), the "Request a demo" form of a vendor, and
 * what a member does with them: ask, withdraw, mark booked, ask a vendor without an account to
 * join. Every query is under one key, so each change reads them all again.
 */
export const demoRequestsKey = ['demo-requests'] as const;
const formKey = (vendorId: number) => [...demoRequestsKey, 'form', vendorId] as const;

export function getDemoRequests(signal?: AbortSignal): Promise<DemoRequests> {
  return unwrap(client.GET('/api/demo-requests', { signal }));
}

export function useDemoRequests() {
  return useQuery(queryOptions({ queryKey: demoRequestsKey, queryFn: ({ signal }) => getDemoRequests(signal) }));
}

/** The firm's newest request to a vendor, if it ever asked one (the list is newest first). */
export function latestRequest(list: DemoRequests | undefined, vendorId: number): DemoRequest | undefined {
  return list?.items.find((r) => r.vendorId === vendorId);
}

/** What the dialog offers for a vendor: each field with the value the vendor would see, none ticked. */
export function useDemoRequestForm(vendorId: number) {
  return useQuery({
    queryKey: formKey(vendorId),
    queryFn: ({ signal }) =>
      unwrap(client.GET('/api/vendors/{vendor_id}/demo-request', { params: { path: { vendor_id: vendorId } }, signal })),
  });
}

function useChange<T, V>(send: (input: V) => Promise<T>, alsoShortlist: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: demoRequestsKey });
      if (alsoShortlist) void queryClient.invalidateQueries({ queryKey: queryKeys.shortlist });
    },
  });
}

/** Sends a request with what the member ticked; the vendor joins the shortlist as Considering. */
export function useCreateDemoRequest(vendorId: number) {
  return useChange(
    (body: NewDemoRequest) =>
      unwrap(client.POST('/api/vendors/{vendor_id}/demo-requests', { params: { path: { vendor_id: vendorId } }, body })),
    true,
  );
}

export function useWithdrawDemoRequest() {
  return useChange((id: number) => unwrap(client.POST('/api/demo-requests/{id}/withdraw', { params: { path: { id } } })), false);
}

/** Only the member who asked may: the shortlist entry moves to Demo booked. */
export function useBookDemoRequest() {
  return useChange((id: number) => unwrap(client.POST('/api/demo-requests/{id}/booked', { params: { path: { id } } })), true);
}

/** "Ask them to join": counted for the operator, once per firm. */
export function useAskToJoin(vendorId: number) {
  return useChange(
    () => unwrap(client.POST('/api/vendors/{vendor_id}/join-request', { params: { path: { vendor_id: vendorId } } })),
    false,
  );
}
