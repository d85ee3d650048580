import type { QueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { SignInAnswer, SignInRequest } from '@/lib/api/types';
import { queryCacheRef } from '@/lib/query-cache-ref';
import { queryKeys } from '@/lib/query-keys';

export function signIn(input: SignInRequest): Promise<SignInAnswer> {
  return unwrap(client.POST('/api/auth/sign-in', { body: input }));
}

/**
 * The query cache the signed-in app will read: the one in place (a unit test's, or the app's once
 * its code is here), else the app's, loaded now (the signed-in app needs it next anyway).
 */
export async function signedInCache(inPlace: QueryClient | undefined): Promise<QueryClient> {
  if (inPlace) return inPlace;
  if (queryCacheRef.current) return queryCacheRef.current;
  const { appQueryClient } = await import('@/lib/query-root');
  return appQueryClient();
}

/**
 * After a sign-in that started a session: seed the cache so the guard sees the user at once,
 * then confirm with the server.
 */
export function rememberSignedIn(cache: QueryClient, user: SignInAnswer['user']) {
  if (user) cache.setQueryData(queryKeys.me, user);
  void cache.invalidateQueries({ queryKey: queryKeys.me });
}
