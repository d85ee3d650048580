import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Profile } from '@/lib/api/types';

export const profileQueryKey = ['profile', 'detail'] as const;

export function getProfile(): Promise<Profile> {
  return unwrap(client.GET('/api/profile'));
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
