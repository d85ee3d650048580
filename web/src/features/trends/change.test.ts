import { describe, expect, it } from 'vitest';

import { CHANGE_RULE, changeTone, formatChange, signedPercent } from './change';

describe('formatChange', () => {
  it('gives the difference and the percentage when both periods have enough bookings', () => {
    expect(formatChange({ difference: 1234, percent: 10, tooFew: false })).toBe('+1,234 (+10.0%)');
    expect(formatChange({ difference: -40, percent: -12.5, tooFew: false })).toBe('-40 (-12.5%)');
    expect(formatChange({ difference: 0, percent: 0, tooFew: false })).toBe('0 (0.0%)');
  });

  it('gives no percentage and says so when a period has too few bookings', () => {
    expect(formatChange({ difference: 3, percent: null, tooFew: true })).toBe('+3, too few bookings to call a trend');
    expect(formatChange({ difference: -7, percent: null, tooFew: true })).toBe('-7, too few bookings to call a trend');
    // Even if a percentage came with it, the rule wins.
    expect(formatChange({ difference: 5, percent: 50, tooFew: true })).toBe('+5, too few bookings to call a trend');
  });

  it('gives the difference alone when there is nothing to compare with', () => {
    expect(formatChange({ difference: 45, percent: null, tooFew: false })).toBe('+45');
  });
});

describe('the change helpers', () => {
  it('signs percentages with one decimal', () => {
    expect(signedPercent(3.14159)).toBe('+3.1%');
    expect(signedPercent(-0.05)).toBe('-0.1%');
  });

  it('colours only a change that can be called a trend', () => {
    expect(changeTone({ difference: 3, percent: 5, tooFew: false })).toBe('up');
    expect(changeTone({ difference: -3, percent: -5, tooFew: false })).toBe('down');
    expect(changeTone({ difference: 3, percent: null, tooFew: true })).toBe('neutral');
    expect(changeTone({ difference: 0, percent: 0, tooFew: false })).toBe('neutral');
  });

  it('states the rule in the words of the issue', () => {
    expect(CHANGE_RULE).toBe(
      'A change is given as a percentage only when both periods have at least 20 bookings; otherwise the difference is shown and marked \u201ctoo few bookings to call a trend\u201d.',
    );
  });
});
