import { useMutation } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { ForgotPasswordAnswer, ForgotPasswordRequest } from '@/lib/api/types';

/**
 * Asks for a password-reset link by email. The server answers 202 with the same message whether
 * or not an account uses the email; 429 when this client asked too often, 409 when it sends no mail.
 */
export function requestPasswordReset(input: ForgotPasswordRequest): Promise<ForgotPasswordAnswer> {
  return unwrap(client.POST('/api/auth/forgot-password', { body: input }));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
