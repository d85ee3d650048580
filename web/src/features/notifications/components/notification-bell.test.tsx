import { describe, expect, it } from 'vitest';

import { bellLabel } from './notification-bell';

describe('the bell', () => {
  it('names the unread count in its accessible name', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(1200)).toBe('Notifications, 1,200 unread');
  });
});
