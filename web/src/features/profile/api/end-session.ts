import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { sessionsKey } from './get-sessions';

export function endSession(id: string): Promise<void> {
  return unwrap(client.DELETE('/api/auth/sessions/{id}', { params: { path: { id } } }));
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
