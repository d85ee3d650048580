import { useMutation } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { ChangePasswordRequest } from '@/lib/api/types';

export function changePassword(input: ChangePasswordRequest): Promise<void> {
  return unwrap(client.POST('/api/auth/change-password', { body: input }));
}

export function useChangePassword({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: changePassword, onSuccess, onError });
}
