import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { NoticePrefs } from '@/lib/api/types';

export const notificationPrefsQueryKey = ['profile', 'notifications'] as const;

export function getNotificationPrefs(): Promise<NoticePrefs> {
  return unwrap(client.GET('/api/me/notifications'));
}

export const notificationPrefsQueryOptions = () => queryOptions({ queryKey: notificationPrefsQueryKey, queryFn: getNotificationPrefs });

export function useNotificationPrefs() {
  return useQuery(notificationPrefsQueryOptions());
}
