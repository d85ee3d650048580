import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import type { DemoAnswer, VendorDemoRequest } from '../types';

import { vendorAccountKey, vendorCall } from './vendor-call';

export const vendorDemoRequestsKey = [...vendorAccountKey, 'demo-requests'] as const;

/** The demo requests firms sent this listing, newest first. */
export async function getVendorDemoRequests(signal?: AbortSignal): Promise<VendorDemoRequest[]> {
  return (await vendorCall(client.GET('/api/vendor/demo-requests', { signal }))).items;
}

export function useVendorDemoRequests() {
  return useQuery({ queryKey: vendorDemoRequestsKey, queryFn: ({ signal }) => getVendorDemoRequests(signal), staleTime: 0 });
}

/** Answers a request with a scheduling link, times, or both; the firm's member who asked is told. */
export function useAnswerDemoRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: DemoAnswer }) =>
      vendorCall(client.POST('/api/vendor/demo-requests/{id}/answer', { params: { path: { id } }, body: answer })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: vendorDemoRequestsKey }),
  });
}
