import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { MailSettings } from '@/lib/api/types';

export const mailSettingsKey = ['admin', 'mail'] as const;

/** The install's mail server and From address; the password is never sent back (`hasPassword`). */
export function getMailSettings(signal?: AbortSignal): Promise<MailSettings> {
  return unwrap(client.GET('/api/admin/mail', { signal }));
}

export const mailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: mailSettingsKey,
    queryFn: ({ signal }) => getMailSettings(signal),
  });

export function useMailSettings() {
  return useQuery(mailSettingsQueryOptions());
}
