import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { CalendarFeedState } from '@/lib/api/types';

const calendarFeedQueryKey = ['calendar-feed'] as const;

/** Whether the firm has a secret calendar feed (its URL is shown only when made). */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedState> {
  return unwrap(client.GET('/api/firm/calendar-feed', { signal }));
}

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: calendarFeedQueryKey, queryFn: ({ signal }) => getCalendarFeed(signal) });

export function useCalendarFeed({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...calendarFeedQueryOptions(), enabled });
}
