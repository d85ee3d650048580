import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Coverage } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

export const coverageQueryKey = queryKeys.coverage;

export function getCoverage(): Promise<Coverage> {
  return unwrap(client.GET('/api/profile/coverage'));
}

export const coverageQueryOptions = () => queryOptions({ queryKey: coverageQueryKey, queryFn: getCoverage });

export function useCoverage() {
  return useQuery(coverageQueryOptions());
}
