import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { AcceptOperatorOfferRequest, PendingOperatorOffer } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

export const operatorOfferKey = ['operator-offer'] as const;

/** The pending offer of the install's operator role to the signed-in account, if any. */
export function getOperatorOffer(signal?: AbortSignal): Promise<PendingOperatorOffer> {
  return unwrap(client.GET('/api/operator-offer', { signal }));
}

export function useOperatorOffer() {
  return useQuery({ queryKey: operatorOfferKey, queryFn: ({ signal }) => getOperatorOffer(signal), staleTime: 0 });
}

/** What the answer invalidates: the offer, who the account is now (the operator's menu), its notices. */
function useRefreshAfterAnswer() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: operatorOfferKey });
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    void queryClient.invalidateQueries({ queryKey: ['notifications'] });
  };
}

export function useAcceptOperatorOffer() {
  const refresh = useRefreshAfterAnswer();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ offerId, ...body }: AcceptOperatorOfferRequest & { offerId: number }) => {
      await unwrap(client.POST('/api/operator-offer/{offerId}/accept', { params: { path: { offerId } }, body }));
    },
    onSuccess: refresh,
    onError: () => {
      // Ended meanwhile (404) or asked for a code the screen did not ask for (400): read again.
      void queryClient.invalidateQueries({ queryKey: operatorOfferKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
    },
  });
}

export function useDeclineOperatorOffer() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: async (offerId: number) => {
      await unwrap(client.POST('/api/operator-offer/{offerId}/decline', { params: { path: { offerId } } }));
    },
    onSettled: refresh,
  });
}
