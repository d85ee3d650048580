import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Profile, ProfileUpdate, UserEnvelope } from '@/lib/api/types';
import type { Me } from '@/lib/auth';
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
    onSuccess: ({ user }) => {
      // The answer is the user as saved: the form and the signed-in user show it at once; both
      // are read again in the background.
      queryClient.setQueryData<Me | null>(queryKeys.me, (me) => (me ? { ...me, ...user } : me));
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
        profile
          ? { ...profile, user: { ...profile.user, name: user.name, email: user.email, lawFirm: user.lawFirm, firmSize: user.firmSize } }
          : profile,
      );
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
      onSuccess?.();
    },
    onError,
  });
}
