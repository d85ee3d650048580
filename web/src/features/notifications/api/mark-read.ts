import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { MarkRead, NoticeList } from '@/lib/api/types';

import { notificationsQueryKey } from './get-notifications';

export function markRead(input: MarkRead): Promise<NoticeList> {
  return unwrap(client.POST('/api/notifications/read', { body: input }));
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (list) => queryClient.setQueryData(notificationsQueryKey, list),
  });
}
