import { describe, expect, it } from 'vitest';

import { countOf, formatCount, formatDate, formatDollars, formatDateTime, formatMonth, formatShown } from './format';

describe('numbers', () => {
  it('groups thousands the US way', () => {
    expect(formatCount(36835)).toBe('36,835');
    expect(formatCount(1008)).toBe('1,008');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('writes whole dollars with the sign and thousands', () => {
    expect(formatDollars(1200)).toBe('$1,200');
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(95)).toBe('$95');
  });

  it('groups a figure about other firms, and keeps the words of a hidden one', () => {
    expect(formatShown({ value: 1008, text: '1008' })).toBe('1,008');
    expect(formatShown({ value: null, text: 'fewer than 5' })).toBe('fewer than 5');
    expect(formatShown({ text: 'not shown' })).toBe('not shown');
  });

  it('agrees the noun with the count', () => {
    expect(countOf(1008, 'demo booking')).toBe('1,008 demo bookings');
    expect(countOf(1, 'row')).toBe('1 row');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});

describe('dates', () => {
  it('writes a day as "Nov 22, 2026", never as ISO text', () => {
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    // Read from the text: 1 November stays 1 November in any time zone.
    expect(formatDate('2026-11-01')).toBe('Nov 1, 2026');
  });

  it('writes a time by its day', () => {
    expect(formatDate('2026-11-22T12:00:00Z')).toBe('Nov 22, 2026');
    expect(formatDateTime('2026-11-22T12:00:00Z')).toMatch(/^Nov 22, 2026, \d{1,2}:\d{2} (AM|PM)$/);
  });

  it('leaves what it cannot read as it is', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('2026-13-01')).toBe('2026-13-01');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it('writes a month as "Nov 2026"', () => {
    expect(formatMonth('2026-11')).toBe('Nov 2026');
    expect(formatMonth('2026-03-31')).toBe('Mar 2026');
    expect(formatMonth('2026-00')).toBeNull();
    expect(formatMonth('')).toBeNull();
  });
});
