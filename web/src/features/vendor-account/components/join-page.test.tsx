import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { JoinPage } from './join-page';

const token = 'a'.repeat(64);
const me = {
  account: { id: 3, name: 'Ana Ruiz', email: 'ana@supio.com', hasFactor: false },
  listing: { id: 44, name: 'Supio', description: '', shortHighlights: [], integrations: [], facts: { security: {} } },
  unread: 0,
};

beforeEach(() => window.history.replaceState(null, '', `/vendor/join#${token}`));
afterEach(() => vi.unstubAllGlobals());

describe('taking up a mailed link', () => {
  it('shows the listing and the fixed address, checks the password as sign-up does, and goes to the vendor’s home', async () => {
    const { fetchMock, calls } = mockFetch({
      'POST /api/vendor/links/check': { body: { vendorName: 'Supio', email: 'ana@supio.com', invited: false } },
      'POST /api/vendor/links/accept': { status: 201, body: me },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { location } = renderWithProviders(<JoinPage />, { path: '/vendor/join' });
    expect(await screen.findByRole('heading', { name: 'Keep Supio’s listing' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('ana@supio.com');
    expect(email.readOnly).toBe(true);

    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Keep Supio’s listing' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/vendor/links/accept')).toBe(false);

    await userEvent.type(screen.getByLabelText('Full Name'), 'Ana Ruiz');
    await userEvent.type(screen.getByLabelText('Password'), ' and longer');
    await userEvent.click(screen.getByRole('button', { name: 'Keep Supio’s listing' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/vendor'));
    expect(calls.find((c) => c.url === '/api/vendor/links/accept')?.body).toEqual({
      token,
      name: 'Ana Ruiz',
      password: 'short and longer',
    });
  });

  it('shows the server’s words for a used or expired link', async () => {
    const gone = 'This link is not valid any more: it was used, or more than 7 days passed. Ask for a new one.';
    vi.stubGlobal('fetch', mockFetch({ 'POST /api/vendor/links/check': { status: 410, body: { error: gone } } }).fetchMock);
    renderWithProviders(<JoinPage />, { path: '/vendor/join' });
    expect((await screen.findByRole('alert')).textContent).toBe(gone);
    expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
  });
});
