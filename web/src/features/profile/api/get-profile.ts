import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { FirmDetails, FirmSize } from '@/lib/enums';

export type Profile = {
  user: { name: string; email: string; lawFirm: string; firmSize: FirmSize | null };
  onboarding: FirmDetails | null;
};

export const profileQueryKey = ['profile', 'detail'] as const;

export function getProfile(): Promise<Profile> {
  return api.get('/api/profile');
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
