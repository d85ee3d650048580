import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { calendarFeedQueryOptions } from './calendar-feed';

/** Revokes the firm's calendar feed: its URL answers "not found" from now on. */
export function revokeCalendarFeed(): Promise<void> {
  return unwrap(client.DELETE('/api/firm/calendar-feed')).then(() => undefined);
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarFeedQueryOptions().queryKey }),
  });
}
