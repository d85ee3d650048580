import { describe, expect, it } from 'vitest';

import { describeMonths, toAligned } from './bookings-by-month-chart';

describe('the bookings-by-month chart data', () => {
  it('draws single months and leaves months shown only together without a bar', () => {
    const [xs, ys] = toAligned([
      { from: '2026-01', to: '2026-01', count: { value: 7, text: '7' } },
      { from: '2026-02', to: '2026-04', count: { value: 6, text: '6' } },
      { from: '2026-05', to: '2026-05', count: { value: 9, text: '9' } },
    ]);
    expect(xs).toEqual(
      [Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 1), Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 1), Date.UTC(2026, 4, 1)].map((t) => t / 1000),
    );
    expect(ys).toEqual([7, null, null, null, 9]);
  });

  it('describes the range and the total in words', () => {
    const months = [
      { from: '2024-12', to: '2026-10', count: { value: null, text: 'fewer than 5' } },
      { from: '2026-11', to: '2026-11', count: { value: null, text: 'fewer than 5' } },
    ];
    expect(describeMonths(months, { value: null, text: 'fewer than 5' })).toBe(
      'Demo bookings per month from Dec 2024 to Nov 2026: fewer than 5 demo bookings in all.',
    );
    // None reads as a few do: never "no demo bookings" or "0".
    expect(describeMonths([], { value: null, text: 'fewer than 5' })).toBe('Fewer than 5 demo bookings in the last 24 months.');
  });
});
