import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { MailSettings, MailSettingsChange } from '@/lib/api/types';

import { mailSettingsKey } from './get-mail-settings';
import { outboxKey } from './get-outbox';

/** Saves the mail server and From address; mail is on from now. A left-out password keeps the saved one. */
export function updateMailSettings(change: MailSettingsChange): Promise<MailSettings> {
  return unwrap(client.PUT('/api/admin/mail', { body: change }));
}

export function useUpdateMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailSettings,
    onSuccess: (saved) => {
      // The answer is the saved state; the outbox says whether mail is on.
      queryClient.setQueryData(mailSettingsKey, saved);
      // Read again in the background: the screen already shows the answer.
      void queryClient.invalidateQueries({ queryKey: outboxKey });
    },
  });
}
