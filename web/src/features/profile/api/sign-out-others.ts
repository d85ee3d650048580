import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { SignedOutOthers } from '@/lib/api/types';

import { sessionsKey } from './get-sessions';

export function signOutOthers(): Promise<SignedOutOthers> {
  return unwrap(client.POST('/api/auth/sessions/sign-out-others'));
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
