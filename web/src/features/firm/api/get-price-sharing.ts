import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { PriceSharing } from '@/lib/api/types';

import { firmKeys } from './keys';

/** Whether the firm shares what it pays with other firms, and who chose when. */
export function getPriceSharing(signal?: AbortSignal): Promise<PriceSharing> {
  return unwrap(client.GET('/api/firm/price-sharing', { signal }));
}

export function usePriceSharing() {
  return useQuery({ queryKey: firmKeys.priceSharing, queryFn: ({ signal }) => getPriceSharing(signal) });
}
