import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { PriceSharing, PriceSharingRequest } from '@/lib/api/types';

import { firmKeys } from './keys';

/** Gives or withdraws the firm's consent to share what it pays (owners and admins). */
export function setPriceSharing(input: PriceSharingRequest): Promise<PriceSharing> {
  return unwrap(client.PUT('/api/firm/price-sharing', { body: input }));
}

export function useSetPriceSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPriceSharing,
    onSuccess: (answer) => {
      queryClient.setQueryData(firmKeys.priceSharing, answer);
      // Read again in the background: the screen already shows the answer.
      void queryClient.invalidateQueries({ queryKey: firmKeys.audit });
    },
  });
}
