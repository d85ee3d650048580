import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { ForgotPasswordPage } from './forgot-password-page';
import { SignInPage } from './sign-in-page';

const signedOut = { status: 401, body: { error: 'You are not signed in. Please sign in to continue.' } };
const accepted = 'If an account uses this email, a link to set a new password is on its way. It works for 15 minutes.';

afterEach(() => vi.unstubAllGlobals());

describe('Forgot password? on the sign-in screen', () => {
  it('is offered when the server mails reset links', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/auth/me': signedOut,
        'GET /api/auth/setup': { body: { setupTokenRequired: false, passwordResetByEmail: true } },
      }).fetchMock,
    );
    renderWithProviders(<SignInPage />, { path: '/auth/sign-in' });
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link.getAttribute('href')).toBe('/auth/forgot-password');
  });

  it('is not offered when it does not', async () => {
    const { fetchMock, calls } = mockFetch({
      'GET /api/auth/me': signedOut,
      'GET /api/auth/setup': { body: { setupTokenRequired: false, passwordResetByEmail: false } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient } = renderWithProviders(<SignInPage />, { path: '/auth/sign-in' });
    await screen.findByRole('button', { name: 'Sign In' });
    expect(calls.some((c) => c.url === '/api/auth/setup')).toBe(true);
    // The answer has landed before looking.
    await waitFor(() => expect(queryClient.getQueryState(['auth', 'setup'])?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });
});

describe('ForgotPasswordPage', () => {
  it('asks for a valid email before asking the server', async () => {
    const { fetchMock, calls } = mockFetch({});
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ForgotPasswordPage />, { path: '/auth/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'not an email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the email and shows the server’s answer, the same for every email', async () => {
    const { fetchMock, calls } = mockFetch({ 'POST /api/auth/forgot-password': { status: 202, body: { message: accepted } } });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ForgotPasswordPage />, { path: '/auth/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), '  pat@doe-injury.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toContain(accepted);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'pat@doe-injury.test' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [429, 'Too many requests: try again in 12 minutes.'],
    [409, 'This Litstack does not send email. Ask your firm’s owner or admin for a password-reset link.'],
    [400, 'Enter a valid email address.'],
  ])('shows the server’s refusal (%i)', async (status, error) => {
    vi.stubGlobal('fetch', mockFetch({ 'POST /api/auth/forgot-password': { status, body: { error } } }).fetchMock);
    renderWithProviders(<ForgotPasswordPage />, { path: '/auth/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'pat@doe-injury.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(error);
    expect(screen.queryByText(accepted)).toBeNull();
  });
});
