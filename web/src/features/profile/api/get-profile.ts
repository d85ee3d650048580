import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { Profile } from '@/lib/api/types';

export const profileQueryKey = ['profile', 'detail'] as const;

export function getProfile(): Promise<Profile> {
  return api.get('/api/profile');
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
