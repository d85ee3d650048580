import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

/** One vendor's demo requests and "Ask them to join" asks, counted: never a request's contents or a firm. */
export type VendorDemoCounts = components['schemas']['VendorDemoCounts'];

export const demoRequestCountsKey = ['admin', 'demo-requests'] as const;

export function useDemoRequestCounts() {
  return useQuery({
    queryKey: demoRequestCountsKey,
    queryFn: ({ signal }) => unwrap(client.GET('/api/admin/demo-requests', { signal })).then((answer) => answer.items),
    staleTime: 0,
  });
}
