import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

export function changePassword(input: ChangePasswordInput): Promise<void> {
  return api.post('/api/auth/change-password', input);
}

export function useChangePassword({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: changePassword, onSuccess, onError });
}
