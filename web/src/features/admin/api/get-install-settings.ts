import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { InstallSettings } from '@/lib/api/types';

export const installSettingsKey = ['admin', 'settings'] as const;

/** The install's settings the operator changes at run time: today, the sign-up mode. */
export function getInstallSettings(signal?: AbortSignal): Promise<InstallSettings> {
  return unwrap(client.GET('/api/admin/settings', { signal }));
}

export const installSettingsQueryOptions = () =>
  queryOptions({
    queryKey: installSettingsKey,
    queryFn: ({ signal }) => getInstallSettings(signal),
  });

export function useInstallSettings() {
  return useQuery(installSettingsQueryOptions());
}
