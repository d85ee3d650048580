import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from './api-client';
import type { ClickKind, MeetingClick, MeetingClickRequest } from './api/types';
import { withUtm } from './outbound';
import { queryKeys } from './query-keys';

/** What a Schedule Meeting button opens, and the kind of click it records. */
export type MeetingTarget = { kind: ClickKind; url: string };

/**
 * The vendor's booking link when it has a usable one, else null: the one rule every Schedule
 * Meeting button follows (a vendor's website is Visit Website's, never Schedule Meeting's).
 */
export function meetingTarget(bookingUrl: string | null | undefined): MeetingTarget | null {
  if (bookingUrl && withUtm(bookingUrl, 'x')) return { kind: 'BOOKING', url: bookingUrl };
  return null;
}

/**
 * Meeting clicks (POST/GET /api/meeting-clicks), shared by every screen with a "Schedule Meeting"
 * button. The caller opens the booking link itself, inside the click (see `openOutbound`), so it
 * opens whether or not the click is recorded.
 */

export const meetingClicksQueryKey = ['meeting-clicks'] as const;

/** The signed-in user's own clicks, newest first (at most 50). */
export function getMeetingClicks(): Promise<MeetingClick[]> {
  return unwrap(client.GET('/api/meeting-clicks'));
}

export const meetingClicksQueryOptions = () => queryOptions({ queryKey: meetingClicksQueryKey, queryFn: getMeetingClicks });

export function useMeetingClicks() {
  return useQuery(meetingClicksQueryOptions());
}

export function recordMeetingClick(input: MeetingClickRequest): Promise<MeetingClick> {
  return unwrap(client.POST('/api/meeting-clicks', { body: input }));
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
      // A click changes no status, but a shortlisted vendor's entry now asks whether a demo was
      // booked.
      void queryClient.invalidateQueries({ queryKey: queryKeys.shortlist });
      onSuccess?.(click);
    },
    onError: (error) => console.error(new Error(failureMessage, { cause: error })),
  });
}
