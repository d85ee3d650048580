import { describe, expect, it } from 'vitest';

import { adminNavItems, isNavItemActive, navGroupsFor, navItems } from './nav-items';

const item = (label: string) => [...navItems, ...adminNavItems].find((candidate) => candidate.label === label)!;

describe('isNavItemActive', () => {
  it('is active on its own route', () => {
    expect(isNavItemActive('/trends', item('Vendor Trends'))).toBe(true);
  });

  it('is active on its route followed by a query', () => {
    expect(isNavItemActive('/matches?categoryId=3', item('Vendor Matches'))).toBe(true);
    expect(isNavItemActive('/past?page=2', item('Past Matches'))).toBe(true);
    expect(isNavItemActive('/shortlist/brief', item('Shortlist'))).toBe(true);
  });

  it('counts Vendor Matches as active on /', () => {
    expect(isNavItemActive('/', item('Vendor Matches'))).toBe(true);
    expect(isNavItemActive('/?x=1', item('Vendor Matches'))).toBe(true);
    expect(isNavItemActive('/', item('Profile'))).toBe(false);
  });

  it('counts Browse Vendors as active on its filtered list, not on a vendor’s profile', () => {
    expect(isNavItemActive('/vendors?categoryIds=1', item('Browse Vendors'))).toBe(true);
    expect(isNavItemActive('/vendors/42', item('Browse Vendors'))).toBe(false);
  });

  it('is not active on a longer path that merely starts with the route', () => {
    expect(isNavItemActive('/matchesx', item('Vendor Matches'))).toBe(false);
    expect(isNavItemActive('/profile/extra', item('Profile'))).toBe(false);
    expect(isNavItemActive('/tech-stack', item('Vendor Trends'))).toBe(false);
  });

  it('lists the spec’s items in order, Import apart for admins', () => {
    expect(navItems.map((navItem) => [navItem.label, navItem.href])).toEqual([
      ['Vendor Matches', '/matches'],
      ['Vendor Trends', '/trends'],
      ['Browse Vendors', '/vendors'],
      ['Past Matches', '/past'],
      ['Shortlist', '/shortlist'],
      ['Decisions', '/decisions'],
      ['Tech Stack', '/tech-stack'],
      ['Firm', '/firm'],
      ['Profile', '/profile'],
    ]);
    expect(adminNavItems.map((navItem) => [navItem.label, navItem.href])).toEqual([
      ['Import', '/admin/import'],
      ['Manage Vendors', '/admin/vendors'],
      ['Firms', '/admin/firms'],
      ['Mail', '/admin/mail'],
      ['Locked accounts', '/admin/locked-accounts'],
    ]);
  });
});

describe('navGroupsFor', () => {
  const person = { id: 1, name: 'Ada', email: 'ada@firm.test', lawFirm: 'Lovelace Law', firmSize: null, firmRole: 'viewer' as const };

  it('groups the items under choose, decide and the firm, without renaming them', () => {
    const groups = navGroupsFor({ ...person, isAdmin: false } as never);
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.label)])).toEqual([
      ['Choose', ['Vendor Matches', 'Vendor Trends', 'Browse Vendors', 'Past Matches']],
      ['Decide', ['Shortlist', 'Decisions']],
      ['Your firm', ['Tech Stack', 'Firm', 'Profile']],
    ]);
  });

  it('adds the install’s group for the operator only', () => {
    const groups = navGroupsFor({ ...person, isAdmin: true } as never);
    expect(groups.at(-1)?.heading).toBe('This install');
    expect(groups.at(-1)?.items.map((i) => i.label)).toEqual(['Import', 'Manage Vendors', 'Firms', 'Mail', 'Locked accounts']);
  });
});
