import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { OnboardingStatus } from '@/lib/api/types';
import { cacheTimes } from '@/lib/cache-times';

export const onboardingQueryKey = ['profile', 'onboarding'] as const;

export function getOnboardingStatus(): Promise<OnboardingStatus> {
  return unwrap(client.GET('/api/profile/onboarding'));
}

export const onboardingQueryOptions = () =>
  queryOptions({ queryKey: onboardingQueryKey, queryFn: getOnboardingStatus, ...cacheTimes.onboarding });

/** Whether the signed-in user has told us about their firm; ask only once someone is signed in. */
export function useOnboardingStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...onboardingQueryOptions(), enabled });
}
