import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { SignInPage } from './sign-in-page';

const signedOut = { status: 401, body: { error: 'You are not signed in to a vendor account. Please sign in to continue.' } };
const me = {
  account: { id: 3, name: 'Ana Ruiz', email: 'ana@supio.test', hasFactor: true },
  listing: { id: 44, name: 'Supio', description: '', shortHighlights: [], integrations: [], facts: { security: {} } },
  unread: 0,
};

afterEach(() => vi.unstubAllGlobals());

describe('the vendor sign-in', () => {
  it('asks for the authenticator code when the account has one, then signs in with it', async () => {
    const { fetchMock, calls } = mockFetch({
      'GET /api/vendor/me': signedOut,
      'POST /api/vendor/sign-in': () => {
        const last = calls.at(-1)?.body as { code?: string };
        return { body: last.code ? { codeRequired: false, me } : { codeRequired: true, me: null } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { location } = renderWithProviders(<SignInPage />, { path: '/vendor/sign-in' });
    await userEvent.type(await screen.findByLabelText('Email'), 'ana@supio.test');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/vendor'));
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { email: 'ana@supio.test', password: 'a long password' },
      { email: 'ana@supio.test', password: 'a long password', code: '123456' },
    ]);
  });

  it('shows the server’s words for a wrong password', async () => {
    const error = 'That email and password do not match a vendor account.';
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/vendor/me': signedOut, 'POST /api/vendor/sign-in': { status: 401, body: { error } } }).fetchMock,
    );
    renderWithProviders(<SignInPage />, { path: '/vendor/sign-in' });
    await userEvent.type(await screen.findByLabelText('Email'), 'ana@supio.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(error);
  });
});
