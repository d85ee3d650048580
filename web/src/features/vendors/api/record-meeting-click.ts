import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type SourcePage = 'BROWSE' | 'PAST_RECS' | 'GET_REC_STAGES' | 'GET_REC';

export type MeetingClick = {
  id: number;
  vendorId: number;
  sourcePage: SourcePage;
  /** The booking address with our utm tag. */
  bookingUrl: string | null;
  recordedAt: string;
};

export const meetingClicksQueryKey = ['meeting-clicks'] as const;

export async function recordMeetingClick(input: { vendorId: number; sourcePage: SourcePage }): Promise<MeetingClick> {
  try {
    return await api.post<MeetingClick>('/api/meeting-clicks', input);
  } catch (cause) {
    throw new Error('Failed to log meeting click', { cause });
  }
}

/** Records a "Schedule Meeting" click; the caller opens the booking link itself, whatever happens. */
export function useRecordMeetingClick({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordMeetingClick,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meetingClicksQueryKey });
      onSuccess?.();
    },
    // The spec shows no error toast here: the link has opened already; the failure is logged.
    onError: (error) => console.error(error),
  });
}
