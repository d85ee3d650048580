import { describe, expect, it } from 'vitest';

import { centsOf, dollarsOf, formatDollars } from './money';

describe('money', () => {
  it('reads dollars as typed into whole cents', () => {
    expect(centsOf('12,000')).toBe(1_200_000);
    expect(centsOf('$1200.5')).toBe(120_050);
    expect(centsOf('12.345')).toBeNull();
    expect(centsOf('abc')).toBeNull();
  });
  it('writes cents back and shows them', () => {
    expect(dollarsOf(120_050)).toBe('1200.50');
    expect(formatDollars(1_450_000)).toBe('$14,500');
    expect(formatDollars(1_450_050)).toBe('$14,500.50');
  });
});
