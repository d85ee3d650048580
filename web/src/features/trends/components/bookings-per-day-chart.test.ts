import { describe, expect, it } from 'vitest';

import { describeDaily, sevenDayAverage } from './bookings-per-day-chart';

const day = (date: string, count: number) => ({ date, count });

describe('sevenDayAverage', () => {
  it('averages each day with the six before it, over the days there are at the start', () => {
    const daily = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => day(`2026-11-0${n}`, n));
    expect(sevenDayAverage(daily)).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4, 5]);
  });

  it('counts a day missing from the list as a day without bookings', () => {
    // Nov 1 and Nov 8 only: on Nov 8 the window (Nov 2-8) holds 7 bookings over 7 days.
    expect(sevenDayAverage([day('2026-11-01', 14), day('2026-11-08', 7)])).toEqual([14, 1]);
  });

  it('is named in the text alternative', () => {
    expect(describeDaily([day('2026-11-01', 14), day('2026-11-08', 7)])).toBe(
      'Bookings per day from Nov 1, 2026 to Nov 8, 2026; peak 14 on Nov 1, 2026; 7-day average 1.0 at the end.',
    );
  });
});
