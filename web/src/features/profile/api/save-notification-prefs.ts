import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { NoticePrefs, PrefsChange } from '@/lib/api/types';

import { notificationPrefsQueryKey } from './get-notification-prefs';

export function saveNotificationPrefs(input: PrefsChange): Promise<NoticePrefs> {
  return unwrap(client.PUT('/api/me/notifications', { body: input }));
}

export function useSaveNotificationPrefs({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPrefs,
    onSuccess: (prefs) => {
      queryClient.setQueryData(notificationPrefsQueryKey, prefs);
      onSuccess?.();
    },
    onError,
  });
}
