import type { User } from '@/lib/api/types';

import { mayUse, screens, type NavSection, type Screen, type ScreenAccess, type ScreenNav } from '../screens';

export type NavItem = Pick<ScreenNav, 'label' | 'icon' | 'alsoActiveOn'> &
  Pick<Screen, 'askAhead'> & { href: string; access: ScreenAccess };

/** One group of the sidebar under its heading. */
export type NavGroup = { section: NavSection; heading: string; items: readonly NavItem[] };

/** The sidebar's groups in order, with the heading each shows. */
export const navSections: readonly { section: NavSection; heading: string }[] = [
  { section: 'choose', heading: 'Choose' },
  { section: 'decide', heading: 'Decide' },
  { section: 'firm', heading: 'Your firm' },
  { section: 'install', heading: 'This install' },
];

/** The sidebar entries of one section, from the screen registry, in their order. */
function navSection(section: NavSection): readonly NavItem[] {
  return screens
    .flatMap(({ nav, path, access, askAhead }) => (nav?.section === section ? [{ nav, href: path, access, askAhead }] : []))
    .sort((a, b) => a.nav.order - b.nav.order)
    .map(({ nav: { label, icon, alsoActiveOn }, href, access, askAhead }) => ({
      label,
      icon,
      href,
      access,
      ...(alsoActiveOn ? { alsoActiveOn } : {}),
      ...(askAhead ? { askAhead } : {}),
    }));
}

/** Every group with all its entries, whoever may use them. */
export const navGroups: readonly NavGroup[] = navSections.map(({ section, heading }) => ({ section, heading, items: navSection(section) }));

/** Everyone's entries (the spec's items and the firm's), in sidebar order. */
export const navItems: readonly NavItem[] = navGroups.filter((g) => g.section !== 'install').flatMap((g) => g.items);

/** Shown to the operator only. */
export const adminNavItems: readonly NavItem[] = navGroups.filter((g) => g.section === 'install').flatMap((g) => g.items);

/** The groups the sidebar shows `user` (undefined while the answer is on its way): only entries they may use, no empty group. */
export function navGroupsFor(user: User | null | undefined): NavGroup[] {
  return navGroups
    .map((group) => ({ ...group, items: group.items.filter((item) => mayUse(item.access, user)) }))
    .filter((group) => group.items.length > 0);
}

/** What the sidebar lists for `user`: each group in turn. */
export function navItemsFor(user: User | null | undefined): NavItem[] {
  return navGroupsFor(user).flatMap((group) => group.items);
}

/**
 * An item is active when the address (path plus any `?query`) equals its route, or starts with
 * its route followed by a query.
 */
export function isNavItemActive(address: string, item: NavItem): boolean {
  return [item.href, ...(item.alsoActiveOn ?? [])].some((route) => address === route || address.startsWith(`${route}?`));
}
