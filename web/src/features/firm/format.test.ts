import { describe, expect, it } from 'vitest';

import { formatLastActive } from './format';

describe('formatLastActive', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('says "Not signed in" without an open session', () => {
    expect(formatLastActive(null, now)).toBe('Not signed in');
  });
  it('counts minutes and hours, then gives the day', () => {
    expect(formatLastActive('2026-11-23T11:59:40Z', now)).toBe('Just now');
    expect(formatLastActive('2026-11-23T11:55:00Z', now)).toBe('5 min ago');
    expect(formatLastActive('2026-11-23T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatLastActive('2026-11-20T09:00:00Z', now)).toMatch(/^Nov 2\d, 2026$/);
  });
});
