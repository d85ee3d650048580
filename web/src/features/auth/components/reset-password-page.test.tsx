import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { signInNotice } from '@/lib/sign-in-notice';
import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { ResetPasswordPage } from './reset-password-page';
import { SignInPage } from './sign-in-page';

const signedOut = { status: 401, body: { error: 'You are not signed in. Please sign in to continue.' } };

beforeEach(() => window.history.replaceState(null, '', '/reset-password#reset456'));
afterEach(() => {
  vi.unstubAllGlobals();
  signInNotice.value = null;
});

async function fill(password: string, confirm: string) {
  await userEvent.type(await screen.findByLabelText('New Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
}

describe('ResetPasswordPage', () => {
  it('refuses passwords that differ without asking the server', async () => {
    const { fetchMock, calls } = mockFetch({ 'GET /api/auth/me': signedOut });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    await fill('a new password', 'another password');
    expect(screen.getByText('New passwords do not match.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sets the password with the link’s token, then sign-in says it is set', async () => {
    const { fetchMock, calls } = mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/reset-password': { status: 204 } });
    vi.stubGlobal('fetch', fetchMock);
    const { location } = renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    await fill('a new password', 'a new password');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/auth/sign-in'));
    expect(calls.find((c) => c.url === '/api/auth/reset-password')?.body).toEqual({ token: 'reset456', newPassword: 'a new password' });

    renderWithProviders(<SignInPage />, { path: '/auth/sign-in' });
    expect(await screen.findByText('Your new password is set. Sign in with it to continue.')).toBeTruthy();
  });

  it('shows the server’s message for a used or expired link', async () => {
    const gone = 'This reset link has expired or was already used. Ask for a new one.';
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/reset-password': { status: 410, body: { error: gone } } }).fetchMock,
    );
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    await fill('a new password', 'a new password');
    expect((await screen.findByRole('alert')).textContent).toBe(gone);
  });
});
