import { QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';

import { ApiError } from './api-client';
import { queryKeys } from './query-keys';

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
  const client: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({
      // A read answered 401 means the session ended (expired, or signed out elsewhere): forget
      // the user and the guard sends them to sign-in. Mutations are left alone, since a 401
      // there can mean a wrong password.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) client.setQueryData(queryKeys.me, null);
      },
    }),
  });
  return client;
}
