import type { QueryClient } from '@tanstack/react-query';

import { overviewQueryKey } from './get-overview';
import { persistedQueryKey } from './get-persisted';

/** The past-recommendations list's key prefix (the /past screen reads it). */
export const pastRecommendationsQueryKey = ['past-recommendations'] as const;

/** After picks change: the stage cards, the progress and the history are all out of date. */
export function invalidatePicks(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: persistedQueryKey }),
    client.invalidateQueries({ queryKey: overviewQueryKey }),
    client.invalidateQueries({ queryKey: pastRecommendationsQueryKey }),
  ]).then(() => undefined);
}
