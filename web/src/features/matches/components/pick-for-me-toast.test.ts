import { describe, expect, it } from 'vitest';

import type { PickForMeAnswer } from '@/lib/api/types';

import { pickForMeToast } from './pick-for-me-toast';

const answer = (evidenceChanged: boolean | null, source: PickForMeAnswer['evidence']['source']): PickForMeAnswer => ({
  items: [],
  usedAnySizeFallback: false,
  rankedWithoutBookings: source !== 'real_bookings',
  evidence: { source, realChangedAt: source === 'real_bookings' ? '2026-11-29T14:00:00Z' : null },
  evidenceChanged,
});

describe('pickForMeToast', () => {
  it('claims fresh data only when the evidence changed since the last picks', () => {
    expect(pickForMeToast(answer(true, 'real_bookings'))).toEqual({ title: 'Recommendations refreshed with latest data!' });
    expect(pickForMeToast(answer(false, 'real_bookings'))).toEqual({
      title: 'No new data since your last picks',
      description: 'Your picks were made again from the same demo bookings.',
    });
  });

  it('never says "refreshed with latest data" when there is no data at all', () => {
    const toast = pickForMeToast(answer(false, 'no_bookings'));
    expect(toast.title).toBe('No new data since your last picks');
    expect(toast.description).toMatch(/no demo bookings have been imported yet/);
    expect(pickForMeToast(answer(false, 'sample_only')).title).toBe('No new data since your last picks');
  });

  it("keeps the spec's first-load texts when there were no picks before", () => {
    expect(pickForMeToast(answer(null, 'real_bookings'))).toEqual({
      title: 'Recommendations loaded!',
      description: 'Showing picks based on similar firms',
    });
    expect(pickForMeToast(answer(null, 'no_bookings')).description).toBe(
      'Showing picks that fit your firm; no demo bookings have been imported yet',
    );
  });
});
