import { describe, expect, it } from 'vitest';

import { returnPath, signInReturningTo } from './return-path';

describe('returning after sign-in', () => {
  it('comes back to the screen that was asked for, with its query', () => {
    const signIn = signInReturningTo('/trends?state=TX');
    expect(signIn).toBe('/auth/sign-in?next=%2Ftrends%3Fstate%3DTX');
    expect(returnPath(signIn.split('?')[1]!)).toBe('/trends?state=TX');
  });

  it('needs no return address for the first screen', () => {
    expect(signInReturningTo('/')).toBe('/auth/sign-in');
    expect(signInReturningTo('/matches')).toBe('/auth/sign-in');
  });

  it('never follows an address outside the app', () => {
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'trends', '/auth/sign-up', '']) {
      expect(returnPath(`next=${encodeURIComponent(next)}`)).toBe('/matches');
    }
    expect(returnPath('')).toBe('/matches');
  });
});
