import { useMutation } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { TotpSetup } from '@/lib/api/types';

export function setupTotp(): Promise<TotpSetup> {
  return unwrap(client.POST('/api/auth/mfa/totp/setup'));
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
