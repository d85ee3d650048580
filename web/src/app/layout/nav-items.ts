import type { IconName } from '@/components/ui/icon';
import { paths } from '@/config/paths';

export type NavItem = {
  label: string;
  href: string;
  icon: IconName;
  /** Other routes on which this item also counts as the current one. */
  alsoActiveOn?: readonly string[];
};

export const navItems: readonly NavItem[] = [
  { label: 'Vendor Matches', href: paths.matches, icon: 'matches', alsoActiveOn: [paths.home] },
  { label: 'Vendor Trends', href: paths.trends, icon: 'trends' },
  { label: 'Browse Vendors', href: paths.vendors, icon: 'grid', alsoActiveOn: [paths.compare] },
  { label: 'Past Matches', href: paths.past, icon: 'past' },
  { label: 'Shortlist', href: paths.shortlist, icon: 'shortlist', alsoActiveOn: [paths.shortlistBrief] },
  { label: 'Tech Stack', href: paths.techStack, icon: 'techStack' },
  { label: 'Firm', href: paths.firm, icon: 'users' },
  { label: 'Profile', href: paths.profile, icon: 'profile' },
];

/** Shown to admins only. */
export const adminNavItems: readonly NavItem[] = [
  { label: 'Import', href: paths.admin.import, icon: 'import' },
  { label: 'Manage Vendors', href: paths.admin.vendors, icon: 'building' },
  { label: 'Firms', href: paths.admin.firms, icon: 'firms' },
];

/**
 * An item is active when the address (path plus any `?query`) equals its route, or starts with
 * its route followed by a query.
 */
export function isNavItemActive(address: string, item: NavItem): boolean {
  return [item.href, ...(item.alsoActiveOn ?? [])].some((route) => address === route || address.startsWith(`${route}?`));
}
