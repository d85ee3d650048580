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
    // The signed-in app's code and the query cache's load on demand: more than the default second.
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/sign-in?next=%2Ftrends'), { timeout: 5000 });
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

  it('shows only the two-step setup while the firm requires it and the account has none', async () => {
    const { calls, fetchMock } = mockFetch({
      'GET /api/auth/me': { body: { user, mfaSetupRequired: true, mfaRequiredBy: 'firm' } },
      'GET /api/auth/mfa': { body: { enabled: false, recoveryCodesLeft: 0 } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AppRouter />, { path: '/vendors' });
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/Your firm requires two-step sign-in for every member\./)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    // Nothing of the app behind it: no navigation, no screen.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Browse Vendors' })).toBeNull();
    expect(document.title).toBe('Set up two-step sign-in · Litstack');
    // Only the calls a setup-only session may make were made (the app's own reads would be 403).
    expect(new Set(calls.map((c) => `${c.method} ${c.url}`))).toEqual(new Set(['GET /api/auth/me', 'GET /api/auth/mfa']));
  });

  it('reads the user again when a call answers that a second factor must be set up first', async () => {
    let required = false;
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/auth/me': () => ({ body: { user, mfaSetupRequired: required, mfaRequiredBy: required ? 'install' : null } }),
        'GET /api/auth/mfa': { body: { enabled: false, recoveryCodesLeft: 0 } },
        'GET /api/profile/onboarding': () => {
          required = true;
          return { status: 403, body: { error: 'Set up a second factor to continue', code: 'mfa_setup_required' } };
        },
      }).fetchMock,
    );
    renderWithProviders(<AppRouter />, { path: '/vendors' });
    expect(await screen.findByText(/This Litstack requires two-step sign-in for every account\./, {}, { timeout: 5000 })).toBeTruthy();
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
