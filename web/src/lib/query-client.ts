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

/** The `code` of the 403 a session gets when it may only set up a second factor. */
export const MFA_SETUP_REQUIRED = 'mfa_setup_required';

export function createQueryClient(): QueryClient {
  // Any call answered 401 while someone is signed in means their session ended (expired, signed
  // out elsewhere, removed from the firm, a password reset): forget the user, so the guard sends
  // them to sign-in, which says why. While nobody is signed in a 401 is sign-in's own answer (a
  // wrong password) and changes nothing.
  // A 403 `mfa_setup_required` means the firm or the install now requires a second factor that
  // the account lacks: read the user again, so the app shows only the setup screen.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 403 && error.code === MFA_SETUP_REQUIRED) {
      void client.invalidateQueries({ queryKey: queryKeys.me });
      return;
    }
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
