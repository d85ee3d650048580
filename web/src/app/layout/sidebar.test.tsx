import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('asks ahead for /trends’ first answers while the pointer rests on Vendor Trends, or the focus is on it', async () => {
    const { fetchMock, calls } = mockFetch({
      'GET /api/auth/me': { body: { user: member } },
      'GET /api/trends': { body: { total: 0 } },
      'GET /api/trends/vendors': { body: { items: [] } },
      'GET /api/demo-bookings': { body: { items: [], total: 0 } },
      'GET /api/demo-bookings/filter-options': { body: { dmas: [], states: [], firmSizes: [] } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Sidebar />, { path: '/' });
    const link = await screen.findByRole('link', { name: 'Vendor Trends' });
    const asked = () => calls.map((call) => call.url.split('?')[0]).filter((path) => path !== '/api/auth/me');
    expect(asked()).toEqual([]);
    fireEvent.pointerEnter(link);
    await waitFor(() =>
      expect(asked().sort()).toEqual(['/api/demo-bookings', '/api/demo-bookings/filter-options', '/api/trends', '/api/trends/vendors']),
    );
    // Asked once: the answers are kept, the focus that follows asks for nothing more.
    fireEvent.focus(link);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toHaveLength(4);
  });
});
