import { describe, expect, it } from 'vitest';

import { hasAnyFigure, monthName } from './figures';

describe('the listing’s figures as text', () => {
  it('names a month from its YYYY-MM text, whatever the reader’s time zone', () => {
    expect(monthName('2026-11')).toBe('November 2026');
    expect(monthName('2026-01')).toBe('January 2026');
    expect(monthName('2025-12')).toBe('December 2025');
    // Not a month: shown as it came rather than as a wrong one.
    expect(monthName('2026-13')).toBe('2026-13');
    expect(monthName('November')).toBe('November');
  });

  it('has figures once any month has either figure', () => {
    const empty = { month: '2026-11', inProgress: false, firmsViewedProfile: null, firmsOpenedScheduler: null };
    expect(hasAnyFigure([])).toBe(false);
    expect(hasAnyFigure([{ ...empty, inProgress: true }, empty])).toBe(false);
    expect(hasAnyFigure([empty, { ...empty, month: '2026-10', firmsOpenedScheduler: 5 }])).toBe(true);
    expect(hasAnyFigure([{ ...empty, firmsViewedProfile: 41 }])).toBe(true);
  });
});
