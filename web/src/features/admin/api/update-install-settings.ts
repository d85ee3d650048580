import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { InstallSettings } from '@/lib/api/types';

import { installSettingsKey } from './get-install-settings';

export function updateInstallSettings(settings: InstallSettings): Promise<InstallSettings> {
  return unwrap(client.PUT('/api/admin/settings', { body: settings }));
}

export function useUpdateInstallSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInstallSettings,
    // The answer is the saved state: show it at once.
    onSuccess: (saved) => queryClient.setQueryData(installSettingsKey, saved),
  });
}
