import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from './api-client';
import type { ClientConfig } from './api/types';

/** Server settings the app needs (GET /api/config). */

/**
 * Used until the server has answered: no third-party look-ups until it says they are allowed, so
 * a firm that switched them off never leaks one while the page loads.
 */
export const defaultClientConfig: ClientConfig = { utmSource: 'litstack', thirdPartyLogos: false };

export const clientConfigQueryKey = ['config'] as const;

export function getClientConfig(): Promise<ClientConfig> {
  return unwrap(client.GET('/api/config'));
}

// Fixed for the life of the server process: fetched once per page load.
export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: clientConfigQueryKey, queryFn: getClientConfig, staleTime: Infinity });

/** The server's settings, or {@link defaultClientConfig} while loading or on failure. */
export function useClientConfig(): ClientConfig {
  const { data } = useQuery(clientConfigQueryOptions());
  return data ?? defaultClientConfig;
}
