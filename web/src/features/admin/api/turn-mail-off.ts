import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { mailSettingsKey } from './get-mail-settings';
import { outboxKey } from './get-outbox';

/** Forgets the mail server: nothing is sent; queued messages wait until mail is on again. */
export function turnMailOff(): Promise<void> {
  return unwrap(client.DELETE('/api/admin/mail'));
}

export function useTurnMailOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnMailOff,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: mailSettingsKey }), queryClient.invalidateQueries({ queryKey: outboxKey })]),
  });
}
