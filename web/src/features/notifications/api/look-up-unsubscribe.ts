import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { UnsubscribeView } from '@/lib/api/types';

export function lookUpUnsubscribe(token: string): Promise<UnsubscribeView> {
  return unwrap(client.GET('/api/unsubscribe', { params: { query: { token } } }));
}

export const unsubscribeQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['unsubscribe', token], queryFn: () => lookUpUnsubscribe(token), retry: false });

export function useUnsubscribeLookUp(token: string) {
  return useQuery({ ...unsubscribeQueryOptions(token), enabled: token !== '' });
}
