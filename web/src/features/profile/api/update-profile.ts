import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { ProfileUpdate, UserEnvelope } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { profileQueryKey } from './get-profile';

/** `email` goes only when it changes, together with `currentPassword`. */
export function updateProfile(input: ProfileUpdate): Promise<UserEnvelope> {
  return unwrap(client.PATCH('/api/profile', { body: input }));
}

export function useUpdateProfile({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
      onSuccess?.();
    },
    onError,
  });
}
