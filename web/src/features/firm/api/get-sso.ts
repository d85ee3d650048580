import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { SsoSettingsView } from '@/lib/api/types';

import { firmKeys } from './keys';

/** The firm's single sign-on (owners only; the client secret is never answered). */
export function getSso(signal?: AbortSignal): Promise<SsoSettingsView> {
  return unwrap(client.GET('/api/firm/sso', { signal }));
}

export function useSso(enabled: boolean) {
  return useQuery({ queryKey: firmKeys.sso, queryFn: ({ signal }) => getSso(signal), enabled });
}
