import { describe, expect, it } from 'vitest';

import { annualCostText, noticeIsNear, noticeText, noticeWithDateText, renewsText } from './renewals';

describe('noticeText', () => {
  it('counts the days to the deadline, or since it passed', () => {
    expect(noticeText({ daysUntilDeadline: 23, noticeBeforeStart: false })).toBe('Notice due in 23 days');
    expect(noticeText({ daysUntilDeadline: 1, noticeBeforeStart: false })).toBe('Notice due in 1 day');
    expect(noticeText({ daysUntilDeadline: 0, noticeBeforeStart: false })).toBe('Notice due today');
    expect(noticeText({ daysUntilDeadline: -3, noticeBeforeStart: false })).toBe('Notice was due 3 days ago');
    expect(noticeText({ daysUntilDeadline: -40, noticeBeforeStart: true })).toBe('Notice was due before the contract started');
  });

  it('names the last day to give notice', () => {
    const on = (daysUntilDeadline: number, noticeBeforeStart = false) =>
      noticeWithDateText({ daysUntilDeadline, noticeBeforeStart, optOutDeadline: '2026-12-18' });
    expect(on(23)).toBe('Notice due in 23 days, by Dec 18, 2026');
    expect(on(0)).toBe('Notice due today, Dec 18, 2026');
    expect(on(-3)).toBe('Notice was due 3 days ago, on Dec 18, 2026');
    expect(on(-40, true)).toBe('Notice was due before the contract started, on Dec 18, 2026');
  });

  it('marks a deadline 30 days away or less as near, never a passed one', () => {
    expect(noticeIsNear({ daysUntilDeadline: 30, noticeBeforeStart: false })).toBe(true);
    expect(noticeIsNear({ daysUntilDeadline: 31, noticeBeforeStart: false })).toBe(false);
    expect(noticeIsNear({ daysUntilDeadline: -1, noticeBeforeStart: false })).toBe(false);
  });

  it('says when it renews', () => {
    expect(renewsText({ nextRenewalDate: '2027-03-01' })).toBe('Renews on Mar 1, 2027');
  });
});

describe('annualCostText', () => {
  it('shows the annual cost in dollars, cents only when there are some', () => {
    expect(annualCostText(1_234_500)).toBe('$12,345 a year');
    expect(annualCostText(1_234_550)).toBe('$12,345.50 a year');
  });
});
