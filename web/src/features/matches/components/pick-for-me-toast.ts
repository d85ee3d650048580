import type { PickForMeAnswer } from '@/lib/api/types';

/** Pick For Me's toast: the spec's first-load and refresh texts, the refresh one only when the evidence changed. */
export function pickForMeToast(data: PickForMeAnswer): { title: string; description?: string } {
  // Where the evidence comes from is the server's one answer, never worked out here.
  const noBookings = data.evidence.source !== 'real_bookings';
  if (data.evidenceChanged === true) return { title: 'Recommendations refreshed with latest data!' };
  if (data.evidenceChanged === false) {
    return {
      title: 'No new data since your last picks',
      description: noBookings
        ? 'Your picks were made again from what your firm told us; no demo bookings have been imported yet.'
        : 'Your picks were made again from the same demo bookings.',
    };
  }
  return {
    title: 'Recommendations loaded!',
    // "Similar firms" only when their bookings are what the picks rest on.
    description: noBookings
      ? 'Showing picks that fit your firm; no demo bookings have been imported yet'
      : 'Showing picks based on similar firms',
  };
}
