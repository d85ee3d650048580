import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ApiError, client, unwrap } from '@/lib/api-client';
import type { OperatorOffer, OperatorOfferRequest, PendingOperatorOffer } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

/** Only the operator's Firms page reads it; the offered account may answer at any moment. */
export const handoverKey = ['admin', 'handover'] as const;

/** The pending offer of the operator role, if any. */
export function getHandover(signal?: AbortSignal): Promise<PendingOperatorOffer> {
  return unwrap(client.GET('/api/admin/handover', { signal }));
}

export const handoverQueryOptions = () =>
  queryOptions({ queryKey: handoverKey, queryFn: ({ signal }) => getHandover(signal), staleTime: 0 });

export function useHandover() {
  return useQuery(handoverQueryOptions());
}

/** Offers the role to the account of `email` (confirmed with the operator's code when they have a second factor). */
export function offerHandover(input: OperatorOfferRequest): Promise<OperatorOffer> {
  return unwrap(client.POST('/api/admin/handover', { body: input }));
}

export function useOfferHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: offerHandover,
    onSuccess: (offer, input) => {
      queryClient.setQueryData<PendingOperatorOffer>(handoverKey, { offer });
      // A recovery code used leaves one fewer.
      if (input.code) void queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
    },
    onError: (error) => {
      // An offer made meanwhile (409), or a second factor turned on elsewhere (400): read again.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        void queryClient.invalidateQueries({ queryKey: handoverKey });
        void queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
      }
    },
  });
}

/** Withdraws the pending offer `offerId`. */
export async function withdrawHandover(offerId: number): Promise<void> {
  await unwrap(client.DELETE('/api/admin/handover/{offerId}', { params: { path: { offerId } } }));
}

export function useWithdrawHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawHandover,
    // Withdrawn, or already ended (404): either way the page reads what stands now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: handoverKey }),
  });
}
