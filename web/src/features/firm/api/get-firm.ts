import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FirmEnvelope } from '@/lib/api/types';

import { firmKeys } from './keys';

/** The signed-in person's firm: name, size, created, verified. */
export function getFirm(signal?: AbortSignal): Promise<FirmEnvelope> {
  return unwrap(client.GET('/api/firm', { signal }));
}

export const firmQueryOptions = () => queryOptions({ queryKey: firmKeys.detail, queryFn: ({ signal }) => getFirm(signal) });

export function useFirm() {
  return useQuery(firmQueryOptions());
}
