import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import type { ChangePasswordRequest } from '@/lib/api/types';

export function changePassword(input: ChangePasswordRequest): Promise<void> {
  return api.post('/api/auth/change-password', input);
}

export function useChangePassword({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: changePassword, onSuccess, onError });
}
