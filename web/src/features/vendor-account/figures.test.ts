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

  it('has figures once any month has either figure, a zero included', () => {
    const empty = { month: '2026-11', profileViews: null, schedulerOpens: null };
    expect(hasAnyFigure([])).toBe(false);
    expect(hasAnyFigure([empty, { month: '2026-10' }])).toBe(false);
    expect(hasAnyFigure([empty, { month: '2026-10', profileViews: null, schedulerOpens: 0 }])).toBe(true);
    expect(hasAnyFigure([{ ...empty, profileViews: 41 }])).toBe(true);
  });
});
