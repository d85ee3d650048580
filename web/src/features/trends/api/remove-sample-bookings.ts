import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Removes the generated sample bookings for good (admins; the server answers 204). */
export function removeSampleBookings(): Promise<void> {
  return unwrap(client.DELETE('/api/admin/sample-bookings'));
}

/** Every cached read the removal changes. */
export const keysChangedBySampleRemoval = [
  queryKeys.trends,
  queryKeys.demoBookings,
  queryKeys.trendCities,
  queryKeys.filterOptions,
] as const;

/**
 * `onRemoved` runs before the reads are refreshed, and even when the refreshed trends have
 * unmounted the button that asked (a callback passed to `mutate` would then be skipped).
 */
export function useRemoveSampleBookings({ onRemoved }: { onRemoved?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSampleBookings,
    onSuccess: () => {
      onRemoved?.();
      return Promise.all(keysChangedBySampleRemoval.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
    },
  });
}
