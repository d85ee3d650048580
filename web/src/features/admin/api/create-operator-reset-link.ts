import { useMutation } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { ResetLink } from '@/lib/api/types';

/**
 * The operator's one-time password-reset link for any account (15 minutes), shown this once;
 * mailed to the account too when mail is on (`emailed`).
 */
export function createOperatorResetLink(userId: number): Promise<ResetLink> {
  return unwrap(client.POST('/api/admin/users/{user_id}/reset-link', { params: { path: { user_id: userId } } }));
}

export function useCreateOperatorResetLink() {
  return useMutation({ mutationFn: createOperatorResetLink });
}
