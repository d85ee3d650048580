import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { NoticeList } from '@/lib/api/types';

export const notificationsQueryKey = ['notifications', 'list'] as const;

/** How often the bell asks for new notices (no websockets). */
export const NOTIFICATIONS_POLL_MS = 60_000;

export function getNotifications(): Promise<NoticeList> {
  return unwrap(client.GET('/api/notifications'));
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsQueryKey, queryFn: getNotifications, refetchInterval: NOTIFICATIONS_POLL_MS });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
