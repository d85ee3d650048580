import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import type { FirmSize } from '@/lib/enums';
import { queryKeys } from '@/lib/query-keys';

import { profileQueryKey } from './get-profile';

export type UpdateProfileInput = {
  name: string;
  lawFirm: string;
  firmSize: FirmSize | null;
  /** Sent only when the email changes, together with the current password. */
  email?: string;
  currentPassword?: string;
};

export function updateProfile(input: UpdateProfileInput): Promise<{ user: User }> {
  return api.patch('/api/profile', input);
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
