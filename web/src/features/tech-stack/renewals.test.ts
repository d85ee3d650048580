import { describe, expect, it } from 'vitest';

import { annualCostText, centsOf, dollarsOf, noticeIsNear, noticeText, renewsText } from './renewals';

describe('noticeText', () => {
  it('counts the days to the deadline, or since it passed', () => {
    expect(noticeText({ daysUntilDeadline: 23, noticeBeforeStart: false })).toBe('Notice due in 23 days');
    expect(noticeText({ daysUntilDeadline: 1, noticeBeforeStart: false })).toBe('Notice due in 1 day');
    expect(noticeText({ daysUntilDeadline: 0, noticeBeforeStart: false })).toBe('Notice due today');
    expect(noticeText({ daysUntilDeadline: -3, noticeBeforeStart: false })).toBe('Notice was due 3 days ago');
    expect(noticeText({ daysUntilDeadline: -40, noticeBeforeStart: true })).toBe('Notice was due before the contract started');
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

describe('money', () => {
  it('reads dollars as whole cents from the text', () => {
    expect(centsOf('12,000')).toBe(1_200_000);
    expect(centsOf('$1200.5')).toBe(120_050);
    expect(centsOf('0.07')).toBe(7);
    expect(centsOf('0')).toBe(0);
    for (const bad of ['', '-5', '1.234', '12,00', 'ten', '1e3']) expect(centsOf(bad)).toBeNull();
  });

  it('shows cents back as dollars', () => {
    expect(dollarsOf(120_050)).toBe('1200.50');
    expect(dollarsOf(1_200_000)).toBe('12000');
    expect(annualCostText(1_234_500)).toBe('$12,345.00 a year');
  });
});
