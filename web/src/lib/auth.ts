import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, ApiError } from './api-client';
import type { User, UserEnvelope } from './api/types';
import { cacheTimes } from './cache-times';
import { queryKeys } from './query-keys';

/**
 * The signed-in user (GET /api/auth/me). Lives in lib/ because the guard, the sidebar, the auth
 * screens and Profile all read it and refresh it.
 */

/** The current user, or null when nobody is signed in (the server answers 401). */
export async function getMe(): Promise<User | null> {
  try {
    const { user } = await api.get<UserEnvelope>('/api/auth/me');
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: getMe,
    ...cacheTimes.me,
  });

export function useUser() {
  return useQuery(meQueryOptions());
}
