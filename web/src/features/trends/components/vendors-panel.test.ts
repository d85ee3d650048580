import { describe, expect, it } from 'vitest';

import { categoryChoices, formatShare } from './vendors-panel';

describe('the vendor panel', () => {
  it('writes a share with one decimal, a tie to the even digit as the CSV does', () => {
    expect(formatShare(0.75)).toBe('75.0%');
    expect(formatShare(2 / 32)).toBe('6.2%');
    expect(formatShare(6 / 32)).toBe('18.8%');
    expect(formatShare(0.0675)).toBe('6.8%');
    expect(formatShare(1)).toBe('100.0%');
    expect(formatShare(0)).toBe('0.0%');
  });

  it('lists the categories with bookings first, most first, then the rest by name', () => {
    const catalog = [
      { id: 1, name: 'Staffing', label: 'Staffing', stage: 9 },
      { id: 2, name: 'Intake', label: 'Intake', stage: 2 },
      { id: 3, name: 'Billing', label: 'Billing', stage: null },
      { id: 4, name: 'Lead Generation', label: 'Lead Generation', stage: 1 },
    ];
    expect(
      categoryChoices(catalog, [
        { name: 'Lead Generation', label: 'Lead Generation', count: 12 },
        { name: 'Intake', label: 'Intake', count: 1032 },
      ]),
    ).toEqual([
      { value: '2', label: 'Intake (1,032)' },
      { value: '4', label: 'Lead Generation (12)' },
      { value: '3', label: 'Billing' },
      { value: '1', label: 'Staffing' },
    ]);
  });
});
