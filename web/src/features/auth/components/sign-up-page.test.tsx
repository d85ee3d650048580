import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { SignUpPage } from './sign-up-page';

afterEach(() => vi.unstubAllGlobals());

describe('SignUpPage', () => {
  it("says on an install's first sign-up that the account runs the install, with no way to a sign-in nobody has", async () => {
    const { fetchMock } = mockFetch({
      'GET /api/auth/me': { status: 401, body: { error: 'Not signed in' } },
      'GET /api/auth/setup': { body: { setupTokenRequired: false, noAccountYet: true, passwordResetByEmail: false } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SignUpPage />, { path: '/auth/sign-up' });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('This install has no account yet. The first account runs it');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('says nothing of running the install once an account exists', async () => {
    const { fetchMock, calls } = mockFetch({
      'GET /api/auth/me': { status: 401, body: { error: 'Not signed in' } },
      'GET /api/auth/setup': { body: { setupTokenRequired: false, noAccountYet: false, passwordResetByEmail: false } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SignUpPage />, { path: '/auth/sign-up' });
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/auth/setup'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await screen.findByRole('link', { name: 'Sign in' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows every validation message and sends nothing when the form is empty', async () => {
    const { fetchMock, calls } = mockFetch({ 'GET /api/auth/me': { status: 401, body: { error: 'Not signed in' } } });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SignUpPage />, { path: '/auth/sign-up' });

    await userEvent.click(await screen.findByRole('button', { name: 'Create Account' }));

    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByText('Law firm name is required')).toBeTruthy();
    expect(screen.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows the server message when the account exists', async () => {
    const { fetchMock, calls } = mockFetch({
      'GET /api/auth/me': { status: 401, body: { error: 'Not signed in' } },
      'POST /api/auth/sign-up': { status: 409, body: { error: 'An account with this email already exists' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SignUpPage />, { path: '/auth/sign-up' });

    await userEvent.type(await screen.findByLabelText('Full Name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@firm.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');
    await userEvent.type(screen.getByLabelText('Law Firm'), 'Lovelace Law');
    await userEvent.selectOptions(screen.getByLabelText('Firm Size (optional)'), '6-20');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email already exists');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@firm.com',
      password: 'long enough',
      lawFirm: 'Lovelace Law',
      firmSize: 'E6_20',
    });
  });

  it('goes to /matches after signing up', async () => {
    const user = { id: 1, name: 'Ada', email: 'ada@firm.com', lawFirm: 'L', firmSize: null, isAdmin: true };
    const { fetchMock } = mockFetch({
      'GET /api/auth/me': { status: 401, body: { error: 'Not signed in' } },
      'POST /api/auth/sign-up': { status: 201, body: { user } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { location } = renderWithProviders(<SignUpPage />, { path: '/auth/sign-up' });

    await userEvent.type(await screen.findByLabelText('Full Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@firm.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');
    await userEvent.type(screen.getByLabelText('Law Firm'), 'L');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(location.history?.at(-1)).toBe('/matches'));
  });

  it('shows an invite-only install’s refusal as the server words it', async () => {
    const inviteOnly = "This Litstack accepts new accounts by invitation only. Ask your firm's owner or admin to invite you.";
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/auth/me': { status: 401, body: { error: 'Not signed in' } },
        'POST /api/auth/sign-up': { status: 403, body: { error: inviteOnly } },
      }).fetchMock,
    );
    renderWithProviders(<SignUpPage />, { path: '/auth/sign-up' });
    await userEvent.type(await screen.findByLabelText('Full Name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@firm.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough');
    await userEvent.type(screen.getByLabelText('Law Firm'), 'Lovelace Law');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(inviteOnly);
  });
});
