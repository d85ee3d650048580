import { describe, expect, test } from 'vitest';

import { bookingLocation, formatDay, percentChange, relativeBookingDate, sampleBannerText } from './format';

describe('bookingLocation', () => {
  test('falls back from city to state name to metro area to Unknown Location', () => {
    expect(bookingLocation({ cityState: 'Austin, TX', state: 'TX', dma: 'Austin' })).toBe('Austin, TX');
    expect(bookingLocation({ cityState: null, state: 'TX', dma: 'Austin' })).toBe('Texas');
    expect(bookingLocation({ cityState: '', state: 'UNKNOWN', dma: 'Austin' })).toBe('Austin');
    expect(bookingLocation({ cityState: null, state: '', dma: '' })).toBe('Unknown Location');
  });
});

describe('sampleBannerText', () => {
  test('says how many of the bookings shown are samples, in locale-formatted numbers', () => {
    expect(sampleBannerText(50000, 50000)).toBe('50,000 of 50,000 bookings shown are generated sample data');
    expect(sampleBannerText(1234, 1001234)).toBe('1,234 of 1,001,234 bookings shown are generated sample data');
    expect(sampleBannerText(1, 7)).toBe('1 of 7 bookings shown are generated sample data');
  });
});

describe('relativeBookingDate', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  test('says how many hours ago for the first four hours', () => {
    expect(relativeBookingDate('2026-03-10T11:30:00Z', now)).toBe('Just Now');
    expect(relativeBookingDate('2026-03-10T10:59:00Z', now)).toBe('1 hour ago');
    expect(relativeBookingDate('2026-03-10T10:00:00Z', now)).toBe('2 hours ago');
    expect(relativeBookingDate('2026-03-10T08:00:01Z', now)).toBe('3 hours ago');
  });
  test('shows a short date from four hours on, and Unknown Date when missing', () => {
    expect(relativeBookingDate('2026-03-10T08:00:00Z', now)).toBe('Mar 10, 2026');
    expect(relativeBookingDate('2025-12-24T08:00:00Z', now)).toBe('Dec 24, 2025');
    expect(relativeBookingDate(null, now)).toBe('Unknown Date');
    expect(relativeBookingDate('yesterday', now)).toBe('Unknown Date');
  });
});

describe('percentChange', () => {
  test('signs the change to one decimal and refuses a zero base', () => {
    expect(percentChange(110, 100)).toBe('+10.0%');
    expect(percentChange(90, 120)).toBe('-25.0%');
    expect(percentChange(100, 100)).toBe('0.0%');
    expect(percentChange(5, 0)).toBeNull();
  });
});

test('formatDay reads YYYY-MM-DD as a calendar day', () => {
  expect(formatDay('2026-01-05')).toBe('Jan 5, 2026');
});
