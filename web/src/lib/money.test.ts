import { describe, expect, it } from 'vitest';

import { centsOf, dollarsOf, formatCents } from './money';

describe('money', () => {
  it('reads dollars as typed into whole cents', () => {
    expect(centsOf('12,000')).toBe(1_200_000);
    expect(centsOf('$1200.5')).toBe(120_050);
    expect(centsOf('12.345')).toBeNull();
    expect(centsOf('abc')).toBeNull();
    expect(centsOf('0.07')).toBe(7);
    expect(centsOf('0')).toBe(0);
    for (const bad of ['', '-5', '1.234', '12,00', 'ten', '1e3']) expect(centsOf(bad)).toBeNull();
  });
  it('writes cents back and shows them', () => {
    expect(dollarsOf(120_050)).toBe('1200.50');
    expect(dollarsOf(1_200_000)).toBe('12000');
    expect(formatCents(1_450_000)).toBe('$14,500');
    expect(formatCents(1_450_050)).toBe('$14,500.50');
  });
});
