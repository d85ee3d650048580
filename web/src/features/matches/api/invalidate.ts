import type { QueryClient } from '@tanstack/react-query';

import { queryKeys } from '@/lib/query-keys';

import { persistedQueryKey } from './get-persisted';

/** After picks change: the stage cards, the progress and the history are all out of date. */
export function invalidatePicks(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: persistedQueryKey }),
    client.invalidateQueries({ queryKey: queryKeys.recommendationsOverview }),
    client.invalidateQueries({ queryKey: queryKeys.pastRecommendations }),
  ]).then(() => undefined);
}
