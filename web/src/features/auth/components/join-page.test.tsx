import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { JoinPage } from './join-page';

const signedOut = { status: 401, body: { error: 'You are not signed in. Please sign in to continue.' } };
const preview = { firmName: 'Doe Injury Law', email: 'sam@doe.test', role: 'member', expiresAt: '2026-11-30T10:00:00Z' };

beforeEach(() => window.history.replaceState(null, '', '/join#tok123'));
afterEach(() => vi.unstubAllGlobals());

describe('JoinPage', () => {
  it('shows the firm, the role and the fixed email, and signs up into that firm without firm questions', async () => {
    const user = {
      id: 2,
      name: 'Sam Lee',
      email: 'sam@doe.test',
      lawFirm: 'Doe Injury Law',
      isAdmin: false,
      firm: { id: 3, name: 'Doe Injury Law' },
      firmRole: 'member',
    };
    const { fetchMock, calls } = mockFetch({
      'GET /api/auth/me': signedOut,
      'POST /api/auth/invitation': { body: preview },
      'POST /api/auth/sign-up': { status: 201, body: { user } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { location } = renderWithProviders(<JoinPage />, { path: '/join' });

    expect(await screen.findByRole('heading', { name: 'Join Doe Injury Law as a member' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('sam@doe.test');
    expect(email.readOnly).toBe(true);
    expect(screen.queryByLabelText('Law Firm')).toBeNull();
    expect(screen.queryByLabelText(/Firm Size/)).toBeNull();
    expect(calls.find((c) => c.url === '/api/auth/invitation')?.body).toEqual({ token: 'tok123' });

    await userEvent.type(screen.getByLabelText('Full Name'), 'Sam Lee');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Join Doe Injury Law' }));

    await waitFor(() => expect(location.history?.at(-1)).toBe('/matches'));
    expect(calls.find((c) => c.url === '/api/auth/sign-up')?.body).toEqual({
      inviteToken: 'tok123',
      email: 'sam@doe.test',
      name: 'Sam Lee',
      password: 'a long password',
    });
  });

  it('shows the server’s words for a used, expired or withdrawn link', async () => {
    const used = 'This invitation has already been used. Sign in, or ask for a new link.';
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/invitation': { status: 410, body: { error: used } } }).fetchMock,
    );
    renderWithProviders(<JoinPage />, { path: '/join' });
    expect((await screen.findByRole('alert')).textContent).toBe(used);
    expect(screen.getByRole('heading', { name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('says a link without its token is incomplete, without asking the server', async () => {
    window.history.replaceState(null, '', '/join');
    const { fetchMock, calls } = mockFetch({ 'GET /api/auth/me': signedOut });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<JoinPage />, { path: '/join' });
    expect((await screen.findByRole('alert')).textContent).toMatch(/This link is not complete/);
    expect(calls.some((c) => c.url === '/api/auth/invitation')).toBe(false);
  });

  it('offers to sign out first when someone is signed in, then shows the invitation', async () => {
    let signedIn = true;
    const user = {
      id: 1,
      name: 'Pat Doe',
      email: 'pat@doe.test',
      lawFirm: 'Doe Injury Law',
      isAdmin: false,
      firm: { id: 3, name: 'Doe Injury Law' },
      firmRole: 'owner',
    };
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/auth/me': () => (signedIn ? { body: { user } } : signedOut),
        'POST /api/auth/sign-out': () => {
          signedIn = false;
          return { status: 204 };
        },
        'POST /api/auth/invitation': { body: preview },
      }).fetchMock,
    );
    renderWithProviders(<JoinPage />, { path: '/join' });
    expect(await screen.findByRole('heading', { name: 'You are already signed in' })).toBeTruthy();
    expect(screen.getByText(/signed in as Pat Doe \(pat@doe.test\)/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out and continue' }));
    expect(await screen.findByRole('heading', { name: 'Join Doe Injury Law as a member' })).toBeTruthy();
  });
});
