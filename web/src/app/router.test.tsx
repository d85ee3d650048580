import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { AppRouter } from './router';

afterEach(() => vi.unstubAllGlobals());

const user = { id: 1, name: 'Ada', email: 'ada@firm.com', lawFirm: 'Lovelace Law', firmSize: null, isAdmin: false };

describe('the auth guard', () => {
  it('shows "Loading..." and then sends an anonymous visitor to sign-in', async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/auth/me': { status: 401, body: { error: 'Please sign in' } } }).fetchMock);
    const { location } = renderWithProviders(<AppRouter />, { path: '/trends' });
    expect(screen.getByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/sign-in?next=%2Ftrends'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('shows the screen inside the layout to a signed-in user', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/auth/me': { body: { user } },
        'GET /api/profile/onboarding': { body: { completed: true } },
      }).fetchMock,
    );
    renderWithProviders(<AppRouter />, { path: '/vendors' });
    // The screen's code loads on demand: give a busy machine more than the default second.
    expect(await screen.findByRole('heading', { name: 'Browse Vendors' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('Lovelace Law').length).toBeGreaterThan(0);
  });

  it('signs the user out locally when a read answers 401', async () => {
    let signedIn = true;
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/auth/me': () => (signedIn ? { body: { user } } : { status: 401, body: { error: 'Please sign in' } }),
        'GET /api/profile/onboarding': { body: { completed: true } },
        'GET /api/profile': () => {
          signedIn = false;
          return { status: 401, body: { error: 'Your session has expired' } };
        },
      }).fetchMock,
    );
    const { location } = renderWithProviders(<AppRouter />, { path: '/profile' });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/sign-in?next=%2Fprofile'));
  });

  it('shows the not-found screen for an unknown path', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    renderWithProviders(<AppRouter />, { path: '/nowhere' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  });
});
