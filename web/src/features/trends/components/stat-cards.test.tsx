import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';

import type { Trends } from '@/lib/api/types';

import { StatCards } from './stat-cards';

const change = (difference: number, percent: number | null, tooFew = false) => ({ difference, percent, tooFew });

const base = {
  total: 6255 + 977,
  categoryCounts: [{ name: 'Intake', label: 'Intake', count: 7232 }],
  stateCounts: [{ state: 'TX', count: 4000 }],
  daily: [],
  granularity: 'day',
  series: [],
  stacks: null,
  compare: 'none',
  comparison: null,
  changes: null,
  // A last-30-days change that differs from the comparison's: the card must not show it too.
  last30: 1007,
  previous30: 1000,
  days: 90,
  rangeStart: '2026-01-01',
  rangeEnd: '2026-03-31',
  sampleCount: 0,
  hasRealData: true,
  hasSampleData: false,
  summaryChange: {
    basis: 'last30Days',
    count: 1007,
    comparisonCount: 1000,
    days: 30,
    comparisonDays: 30,
    start: '2026-03-02',
    end: '2026-03-31',
    comparisonStart: '2026-01-31',
    comparisonEnd: '2026-03-01',
    change: change(7, 0.7),
  },
} as unknown as Trends;

const card = (title: string) => screen.getByText(title).parentElement!;

describe('StatCards', () => {
  test('without a comparison, Total Demos shows the last 30 days’ change the server gave, once', () => {
    render(<StatCards trends={base} />);
    expect(card('Total Demos').textContent).toBe(
      'Total Demos7,232Last 30 days to Mar 31, 2026: 1,007, change +7 (+0.7%) vs the 30 days before',
    );
    expect(screen.getAllByText(/%\)?$/)).toHaveLength(1);
    expect(card('Avg. per Day').textContent).toContain('33.6 per day in the last 30 days');
  });

  test('with a comparison, every card shows that comparison’s change and no other', () => {
    const comparison = { ...base, total: 6255, categoryCounts: base.categoryCounts, days: 90 } as unknown as Trends;
    const trends = {
      ...base,
      compare: 'year',
      summaryChange: {
        ...base.summaryChange,
        basis: 'comparison',
        count: 7232,
        comparisonCount: 6255,
        days: 90,
        comparisonDays: 90,
        change: change(977, 15.6),
      },
    } as unknown as Trends;
    const changes = {
      total: change(977, 15.6),
      categories: [],
      states: [{ state: 'TX', count: 4000, comparisonCount: 3500, change: change(500, 14.3) }],
    };
    render(<StatCards trends={trends} comparison={comparison} changes={changes} />);
    const total = card('Total Demos');
    expect(total.textContent).toBe('Total Demos7,232Comparison period: 6,255, change +977 (+15.6%)');
    expect(within(total).queryByText(/0\.7%/)).toBeNull();
    expect(screen.queryByText(/30 days/)).toBeNull();
    expect(card('Avg. per Day').textContent).toContain('Comparison period: 69.5 per day');
    expect(card('Top State').textContent).toContain('4,000 bookings; comparison period: 3,500, change +500 (+14.3%)');
  });

  test('a last 30 days after none before says so without a change', () => {
    const trends = {
      ...base,
      summaryChange: { ...base.summaryChange, comparisonCount: 0, change: change(1007, null, true) },
    } as unknown as Trends;
    render(<StatCards trends={trends} />);
    expect(card('Total Demos').textContent).toContain('Last 30 days to Mar 31, 2026: 1,007, no bookings in the 30 days before');
    expect(card('Total Demos').textContent).not.toContain('change');
  });
});
