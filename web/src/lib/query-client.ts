import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';

import { ApiError } from './api-client';
import { queryKeys } from './query-keys';
import { sessionEndedNotice, signInNotice } from './sign-in-notice';

/**
 * Reads never retry, never refetch on focus and never go stale on their own; each query that
 * the spec gives a cache time (SPEC section 9) sets its own `staleTime` / `gcTime`.
 */
export const queryConfig = {
  queries: {
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  // Any call answered 401 while someone is signed in means their session ended (expired, signed
  // out elsewhere, removed from the firm, a password reset): forget the user, so the guard sends
  // them to sign-in, which says why. While nobody is signed in a 401 is sign-in's own answer (a
  // wrong password) and changes nothing.
  const onError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (!client.getQueryData(queryKeys.me)) return;
    signInNotice.value = sessionEndedNotice(error);
    client.setQueryData(queryKeys.me, null);
  };
  const client: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
  });
  return client;
}
