import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FirmDetails, OnboardingStatus } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { profileQueryKey } from './get-profile';
import { onboardingQueryKey } from './get-onboarding';

/** Saves the four firm-detail answers; the onboarding modal and Profile Settings both use it. */
export function saveFirmDetails(input: FirmDetails): Promise<OnboardingStatus> {
  return unwrap(client.POST('/api/profile/onboarding', { body: input }));
}

export function useSaveFirmDetails({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFirmDetails,
    onSuccess: () => {
      // Saving the answers is what completes onboarding: close the modal without waiting.
      queryClient.setQueryData<OnboardingStatus>(onboardingQueryKey, { completed: true });
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: onboardingQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
      onSuccess?.();
    },
    onError,
  });
}
