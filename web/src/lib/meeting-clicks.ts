import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from './api-client';
import type { MeetingClick, MeetingClickRequest } from './api/types';
import { queryKeys } from './query-keys';

/**
 * Meeting clicks (POST/GET /api/meeting-clicks), shared by every screen with a "Schedule Meeting"
 * button. The caller opens the booking link itself, inside the click (see `openOutbound`), so it
 * opens whether or not the click is recorded.
 */

export const meetingClicksQueryKey = ['meeting-clicks'] as const;

/** The signed-in user's own clicks, newest first (at most 50). */
export function getMeetingClicks(): Promise<MeetingClick[]> {
  return api.get('/api/meeting-clicks');
}

export const meetingClicksQueryOptions = () => queryOptions({ queryKey: meetingClicksQueryKey, queryFn: getMeetingClicks });

export function useMeetingClicks() {
  return useQuery(meetingClicksQueryOptions());
}

export function recordMeetingClick(input: MeetingClickRequest): Promise<MeetingClick> {
  return api.post<MeetingClick>('/api/meeting-clicks', input);
}

type UseRecordMeetingClickOptions = {
  onSuccess?: (click: MeetingClick) => void;
  /**
   * Logged (not shown) when recording fails: "Failed to log meeting click" on Browse, "Failed to
   * track meeting click" elsewhere (SPEC section 8).
   */
  failureMessage?: string;
};

/** Records a click and refreshes the meeting-clicks data. Failures are logged, never toasted. */
export function useRecordMeetingClick({ onSuccess, failureMessage = 'Failed to track meeting click' }: UseRecordMeetingClickOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordMeetingClick,
    onSuccess: (click) => {
      void queryClient.invalidateQueries({ queryKey: meetingClicksQueryKey });
      // The server put the vendor on the shortlist as Demo booked.
      void queryClient.invalidateQueries({ queryKey: queryKeys.shortlist });
      onSuccess?.(click);
    },
    onError: (error) => console.error(new Error(failureMessage, { cause: error })),
  });
}
