import { publicScreens } from './public-screens';

/**
 * On a full load of any screen but the public ones: asks for who is signed in and for the screen's
 * code and data (its `prefetch`) at once, through the query cache with the keys the screen reads,
 * while the app's code loads (issue 81: /trends' data used to wait for its code, behind the
 * sign-in check). The sign-in screen's JavaScript holds only this; the rest arrives on demand.
 */
export function askEarly({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  if (publicScreens.some((screen) => screen.path === pathname)) return;
  void import('./early-asks').then((module) => module.askEarly(pathname, search.replace(/^\?/, ''))).catch(() => undefined);
}
