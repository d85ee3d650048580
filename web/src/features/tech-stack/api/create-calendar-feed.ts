import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { CalendarFeedUrl } from '@/lib/api/types';

import { calendarFeedQueryOptions } from './calendar-feed';

/** Makes the firm's secret calendar URL; any earlier one stops working. */
export function createCalendarFeed(): Promise<CalendarFeedUrl> {
  return unwrap(client.POST('/api/firm/calendar-feed'));
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarFeedQueryOptions().queryKey }),
  });
}
