import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderWithProviders } from '@/testing/render-app';

import { SignInPage } from './sign-in-page';

const signedOut = { status: 401, body: { error: 'You are not signed in to a vendor account. Please sign in to continue.' } };
const me = {
  account: { id: 3, name: 'Ana Ruiz', email: 'ana@supio.test', hasFactor: true, recoveryCodesLeft: 10 },
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

    const field = await screen.findByLabelText('Code');
    // The app's code: digits, with the phone's number pad.
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('maxlength')).toBe('6');
    await userEvent.type(field, '123456');
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

  it('takes a recovery code (letters and dashes) instead of the app’s code, after the app’s code was refused', async () => {
    const wrong = "That code is not right. Check that your phone's time is correct, or use one of your recovery codes.";
    const recovery = '1A2B-3C4D-5E6F-7A8B-9C0D';
    const { fetchMock, calls } = mockFetch({
      'GET /api/vendor/me': signedOut,
      'POST /api/vendor/sign-in': () => {
        const last = calls.at(-1)?.body as { code?: string };
        if (!last.code) return { body: { codeRequired: true, me: null } };
        return last.code === recovery
          ? { body: { codeRequired: false, me: { ...me, account: { ...me.account, recoveryCodesLeft: 9 } } } }
          : { status: 401, body: { error: wrong } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { location } = renderWithProviders(<SignInPage />, { path: '/vendor/sign-in' });
    await userEvent.type(await screen.findByLabelText('Email'), 'ana@supio.test');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    // A wrong app code first: its refusal goes once the person switches to a recovery code.
    await userEvent.type(await screen.findByLabelText('Code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(wrong);
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in with a recovery code' })).toBeTruthy();
    expect(
      screen.getByText('Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'),
    ).toBeTruthy();

    // Letters and dashes, longer than six: a plain text field, not the app code's number pad.
    const field = screen.getByLabelText('Recovery code');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('inputmode')).toBeNull();
    expect(field.getAttribute('pattern')).toBeNull();
    expect(field.getAttribute('maxlength')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter a recovery code')).toBeTruthy();
    await userEvent.type(field, ` ${recovery} `);
    expect((field as HTMLInputElement).value).toBe(` ${recovery} `);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/vendor'));
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { email: 'ana@supio.test', password: 'a long password' },
      { email: 'ana@supio.test', password: 'a long password', code: '000000' },
      { email: 'ana@supio.test', password: 'a long password', code: recovery },
    ]);
  });

  it('goes back to the app’s code from a recovery code', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/vendor/me': signedOut, 'POST /api/vendor/sign-in': { body: { codeRequired: true, me: null } } }).fetchMock,
    );
    renderWithProviders(<SignInPage />, { path: '/vendor/sign-in' });
    await userEvent.type(await screen.findByLabelText('Email'), 'ana@supio.test');
    await userEvent.type(screen.getByLabelText('Password'), 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcd');
    await userEvent.click(screen.getByRole('button', { name: 'Use a code from your app instead' }));
    expect(screen.getByRole('heading', { name: 'Code from your authenticator app' })).toBeTruthy();
    const field = screen.getByLabelText('Code') as HTMLInputElement;
    // A fresh field: what was typed as a recovery code is gone.
    expect(field.value).toBe('');
    expect(field.getAttribute('inputmode')).toBe('numeric');
  });
});
