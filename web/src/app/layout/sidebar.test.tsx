import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { Sidebar } from './sidebar';

afterEach(() => vi.unstubAllGlobals());

const member = { id: 2, name: 'Grace Hopper', email: 'grace@firm.com', lawFirm: 'Hopper & Co', firmSize: 'SOLO', isAdmin: false };

describe('Sidebar', () => {
  it('shows the brand, the user’s name and firm, and marks the current item', async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/auth/me': { body: { user: member } } }).fetchMock);
    renderWithProviders(<Sidebar />, { path: '/' });

    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText('Hopper & Co')).toBeTruthy();
    expect(screen.getByText('Litstack')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Vendor Matches' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Import' })).toBeNull();
    // Each group is a list named by its heading.
    expect(
      within(nav)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Choose', 'Decide', 'Your firm']);
    expect(within(within(nav).getByRole('list', { name: 'Decide' })).getByRole('link', { name: 'Decisions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('adds Import for admins', async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/auth/me': { body: { user: { ...member, isAdmin: true } } } }).fetchMock);
    renderWithProviders(<Sidebar />, { path: '/admin/import' });

    const link = await screen.findByRole('link', { name: 'Import' });
    expect(link.getAttribute('href')).toBe('/admin/import');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(within(screen.getByRole('list', { name: 'This install' })).getByRole('link', { name: 'Locked accounts' })).toBeTruthy();
  });
});
