import { describe, expect, it } from 'vitest';

import {
  alignByIndex,
  describeDaily,
  describeSeries,
  markedBucketLabel,
  partialIndexes,
  seriesRows,
  sevenDayAverage,
  stackTops,
} from './series';

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

const bucket = (start: string, count: number, partial = false) => ({ start, count, partial });

describe('the series by week and month', () => {
  const weeks = [bucket('2025-12-29', 4, true), bucket('2026-01-05', 30), bucket('2026-01-12', 25), bucket('2026-01-19', 3, true)];

  it('marks partial buckets as partial in the table, never as a plain low count', () => {
    expect(markedBucketLabel(weeks[0]!, 'week')).toBe('Week of Dec 29, 2025 (partial week)');
    expect(markedBucketLabel(weeks[1]!, 'week')).toBe('Week of Jan 5, 2026');
    expect(markedBucketLabel(bucket('2026-03-01', 9, true), 'month')).toBe('Mar 2026 (partial month)');
    expect(partialIndexes(weeks)).toEqual([0, 3]);
    expect(seriesRows(weeks, 'week').map((row) => row.label)).toEqual([
      'Week of Dec 29, 2025 (partial week)',
      'Week of Jan 5, 2026',
      'Week of Jan 12, 2026',
      'Week of Jan 19, 2026 (partial week)',
    ]);
  });

  it('takes the peak from whole buckets and names the partial ones in the text alternative', () => {
    expect(describeSeries(weeks, 'week')).toBe(
      'Bookings per week from Week of Dec 29, 2025 to Week of Jan 19, 2026; peak 30 in Week of Jan 5, 2026. Partial weeks (cut by the range, not a drop): Week of Dec 29, 2025, Week of Jan 19, 2026.',
    );
    expect(describeSeries([], 'month')).toBe('No bookings in the selected range.');
  });

  it('lines the comparison up by bucket index, leaving missing buckets empty', () => {
    const before = [bucket('2025-12-29', 1), bucket('2025-01-06', 2)];
    expect(alignByIndex(weeks, before)).toEqual([1, 2, null, null]);
    expect(alignByIndex(weeks, null)).toEqual([null, null, null, null]);
    expect(seriesRows(weeks, 'week', before).map((row) => row.comparison)).toEqual([1, 2, 0, 0]);
  });

  it('stacks each category on the ones before it', () => {
    const stacks = [
      { name: 'Intake', label: 'Intake', other: false, counts: [1, 2, 3] },
      { name: 'Other', label: 'Other', other: true, counts: [4, 0, 1] },
    ];
    expect(stackTops(stacks, 3)).toEqual([
      [1, 2, 3],
      [5, 2, 4],
    ]);
  });

  it('sums a long day series by month in the table, with the comparison beside it', () => {
    const days = Array.from({ length: 100 }, (_, i) => bucket(new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10), 1));
    const rows = seriesRows(days, 'day', days);
    expect(rows.map((row) => [row.label, row.count, row.comparison])).toEqual([
      ['Jan 2026', 31, 31],
      ['Feb 2026', 28, 28],
      ['Mar 2026', 31, 31],
      ['Apr 2026', 10, 10],
    ]);
  });
});
