import { describe, expect, it } from 'vitest';

import { testUser } from '@/testing/render-app';

import { mayUse, publicScreens, screens, signedInScreens } from './screens';
import { appPathPattern } from './signed-in-paths';

const address = (path: string) => path.replace(/:[A-Za-z]+/g, '42');

describe('the screen registry', () => {
  it('names each path once, and each sidebar place once', () => {
    const paths = screens.map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
    const places = screens.flatMap((screen) => (screen.nav ? [`${screen.nav.section} ${screen.nav.order}`] : []));
    expect(new Set(places).size).toBe(places.length);
  });

  it('lists every public screen in public-screens.ts, which the router reads', () => {
    expect(screens.filter((screen) => screen.access === 'public')).toEqual(publicScreens);
    expect(publicScreens.every((screen) => screen.access === 'public')).toBe(true);
  });

  it('sends every signed-in path, and no public one, to the signed-in app', () => {
    for (const screen of signedInScreens) expect(appPathPattern.test(address(screen.path)), screen.path).toBe(true);
    for (const screen of publicScreens) expect(appPathPattern.test(screen.path), screen.path).toBe(false);
    expect(appPathPattern.test('/vendors/42/more')).toBe(false);
    expect(publicScreens.map((screen) => screen.path)).toEqual([
      '/auth/sign-in',
      '/auth/sign-up',
      '/auth/forgot-password',
      '/join',
      '/reset-password',
      '/vendor',
      '/vendor/claim',
      '/vendor/join',
      '/vendor/sign-in',
      '/unsubscribe',
    ]);
  });

  it('lets the operator alone use operator screens, and firm roles their own', () => {
    const member = testUser('member');
    const operator = testUser('member', { isAdmin: true });
    expect(mayUse('signed-in', member)).toBe(true);
    expect(mayUse('operator', member)).toBe(false);
    expect(mayUse('operator', undefined)).toBe(false);
    expect(mayUse('operator', operator)).toBe(true);
    expect(mayUse({ firmRoles: ['owner', 'admin'] }, member)).toBe(false);
    expect(mayUse({ firmRoles: ['owner', 'admin'] }, testUser('owner'))).toBe(true);
  });
});
