import { describe, expect, it } from 'vitest';

import { bookingsText, monthLabel, monthRangeLabel, monthsBetween, priceText } from './format';

describe('month labels', () => {
  it('reads YYYY-MM as a short month and year, and joins a range', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthRangeLabel('2026-03', '2026-03')).toBe('Mar 2026');
    expect(monthRangeLabel('2025-11', '2026-02')).toBe('Nov 2025 – Feb 2026');
  });

  it('lists every month of a range across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-02', '2026-02')).toEqual(['2026-02']);
  });
});

describe('bookingsText', () => {
  it('says what the server lets be shown', () => {
    expect(bookingsText({ value: 12, text: '12' })).toBe('12 demo bookings');
    expect(bookingsText({ value: 1008, text: '1008' })).toBe('1,008 demo bookings');
    // The server sends none as it sends 1 to 4: no number, "fewer than 5".
    expect(bookingsText({ value: null, text: 'fewer than 5' })).toBe('fewer than 5 demo bookings');
  });
});

describe('what firms pay as text', () => {
  const band = (from: number, to: number | null, text: string) => ({ from, to, text });
  const figure = (value: number | null, low: boolean, median: boolean, high: boolean) => ({
    firms: { value, text: value == null ? 'fewer than 5' : String(value) },
    lowerQuartile: low ? band(100, 200, '$100 – $200') : null,
    median: median ? band(200, 500, '$200 – $500') : null,
    upperQuartile: high ? band(50000, null, '$50,000 or more') : null,
    text: 'n firms shared',
    bandsText: null,
  });

  it('shows each band the server shows, and the middle half only with both quartiles', () => {
    expect(priceText(figure(40, true, true, true))).toEqual({ median: '$200 – $500', middle: '$100 or more' });
    expect(priceText(figure(15, false, true, false))).toEqual({ median: '$200 – $500', middle: null });
    expect(priceText(figure(30, true, true, false))).toEqual({ median: '$200 – $500', middle: null });
    expect(priceText(figure(5, false, false, false))).toEqual({ median: null, middle: null });
    // No count (fewer than 5, or withheld): the row says why instead.
    expect(priceText(figure(null, false, false, false))).toBeNull();
  });
});
