import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { SsoSettingsUpdate, SsoSettingsView } from '@/lib/api/types';

import { firmKeys } from './keys';

/** Sets the firm's identity provider, its domains, the default role and "Require SSO" (owners). */
export function updateSso(input: SsoSettingsUpdate): Promise<SsoSettingsView> {
  return unwrap(client.PUT('/api/firm/sso', { body: input }));
}

export function useUpdateSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSso,
    onSuccess: (saved) => {
      queryClient.setQueryData(firmKeys.sso, saved);
      // Read again in the background: the screen already shows the answer.
      void queryClient.invalidateQueries({ queryKey: firmKeys.audit });
    },
  });
}
