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
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '\t//evil.example',
      'javascript:alert(1)',
      '//%2F/evil.example',
      'trends',
      '/auth/sign-up',
      '/auth/../auth/sign-in',
      '',
    ]) {
      expect(returnPath(`next=${encodeURIComponent(next)}`)).toBe('/matches');
    }
    expect(returnPath('')).toBe('/matches');
    expect(returnPath('next=%2F%2Fevil.example&next=%2Ftrends')).toBe('/matches');
  });

  it('keeps the path, query and fragment of an address of this app', () => {
    expect(returnPath(`next=${encodeURIComponent('/vendors?q=Clio&page=2#top')}`)).toBe('/vendors?q=Clio&page=2#top');
    expect(returnPath(`next=${encodeURIComponent('/compare?ids=3,7')}`)).toBe('/compare?ids=3,7');
  });
});
