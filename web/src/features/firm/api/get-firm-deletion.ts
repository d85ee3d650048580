import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FirmDeletion } from '@/lib/api/types';

import { firmKeys } from './keys';

/** Whether the firm's deletion is scheduled, for when, and who asked (every member reads it). */
export function getFirmDeletion(signal?: AbortSignal): Promise<FirmDeletion> {
  return unwrap(client.GET('/api/firm/deletion', { signal }));
}

export function useFirmDeletion() {
  return useQuery({ queryKey: firmKeys.deletion, queryFn: ({ signal }) => getFirmDeletion(signal) });
}
