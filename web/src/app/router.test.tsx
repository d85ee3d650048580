import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { signInNotice } from '@/lib/sign-in-notice';
import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { AppRouter } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
  signInNotice.value = null;
});

const user = { id: 1, name: 'Ada', email: 'ada@firm.com', lawFirm: 'Lovelace Law', firmSize: null, isAdmin: false };

describe('the auth guard', () => {
  it('shows "Loading..." and then sends an anonymous visitor to sign-in', async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/auth/me': { status: 401, body: { error: 'Please sign in' } } }).fetchMock);
    const { location } = renderWithProviders(<AppRouter />, { path: '/trends' });
    expect(screen.getByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/sign-in?next=%2Ftrends'));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect(document.title).toBe('Welcome Back · Litstack');
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
    expect(document.title).toBe('Browse Vendors · Litstack');
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

  it('sends an open tab whose session ended on a write (removed from the firm) to sign-in, saying why', async () => {
    let signedIn = true;
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/auth/me': () => (signedIn ? { body: { user } } : { status: 401, body: { error: 'Please sign in' } }),
        'GET /api/profile/onboarding': { body: { completed: true } },
        'GET /api/profile': {
          body: { user: { name: 'Ada', email: 'ada@firm.com', lawFirm: 'Lovelace Law', firmSize: null }, onboarding: null },
        },
        'POST /api/auth/change-password': () => {
          signedIn = false;
          return { status: 401, body: { error: 'You are not signed in. Please sign in to continue.' } };
        },
      }).fetchMock,
    );
    const { location } = renderWithProviders(<AppRouter />, { path: '/profile' });
    const current = await screen.findByLabelText('Current Password', {}, { timeout: 5000 });
    await userEvent.type(current, 'old password');
    await userEvent.type(screen.getByLabelText('New Password'), 'new password 1');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new password 1');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/sign-in?next=%2Fprofile'));
    expect(await screen.findByText('Your session has ended. Please sign in again to continue.')).toBeTruthy();
  });

  it('leaves a wrong password at sign-in as sign-in’s own message', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/auth/me': { status: 401, body: { error: 'Please sign in' } },
        'POST /api/auth/sign-in': { status: 401, body: { error: 'Invalid email or password' } },
      }).fetchMock,
    );
    renderWithProviders(<AppRouter />, { path: '/auth/sign-in' });
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@firm.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(screen.queryByText(/Your session has ended/)).toBeNull();
  });

  it('shows the not-found screen for an unknown path', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    renderWithProviders(<AppRouter />, { path: '/nowhere' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  });
});
