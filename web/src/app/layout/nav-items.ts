import type { User } from '@/lib/api/types';

import { mayUse, screens, type NavSection, type ScreenAccess, type ScreenNav } from '../screens';

export type NavItem = Pick<ScreenNav, 'label' | 'icon' | 'alsoActiveOn'> & { href: string; access: ScreenAccess };

/** The sidebar entries of one section, from the screen registry, in their order. */
function navSection(section: NavSection): readonly NavItem[] {
  return screens
    .flatMap(({ nav, path, access }) => (nav?.section === section ? [{ nav, href: path, access }] : []))
    .sort((a, b) => a.nav.order - b.nav.order)
    .map(({ nav: { label, icon, alsoActiveOn }, href, access }) => ({
      label,
      icon,
      href,
      access,
      ...(alsoActiveOn ? { alsoActiveOn } : {}),
    }));
}

export const navItems: readonly NavItem[] = navSection('main');

/** Shown to the operator only. */
export const adminNavItems: readonly NavItem[] = navSection('operator');

/** What the sidebar lists for `user` (undefined while the answer is on its way): each section in turn. */
export function navItemsFor(user: User | null | undefined): NavItem[] {
  return [...navItems, ...adminNavItems].filter((item) => mayUse(item.access, user));
}

/**
 * An item is active when the address (path plus any `?query`) equals its route, or starts with
 * its route followed by a query.
 */
export function isNavItemActive(address: string, item: NavItem): boolean {
  return [item.href, ...(item.alsoActiveOn ?? [])].some((route) => address === route || address.startsWith(`${route}?`));
}
