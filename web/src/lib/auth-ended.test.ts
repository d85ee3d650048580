import { afterEach, describe, expect, it, vi } from 'vitest';

import { getMe } from './auth';
import { SESSION_ENDED_NOTICE, sessionEndedNotice, signInNotice } from './sign-in-notice';

afterEach(() => {
  vi.unstubAllGlobals();
  signInNotice.value = null;
});

const answer = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));

describe('a session the server ended', () => {
  it('tells sign-in why when the first call of a page finds the session ended', async () => {
    vi.stubGlobal('fetch', answer(401, '{"error":"You were signed out because you were removed from Doe & Partners.","reason":"removed"}'));
    expect(await getMe()).toBeNull();
    expect(signInNotice.value).toEqual({
      kind: 'info',
      text: 'You were signed out because you were removed from Doe & Partners.',
    });
  });

  it('says nothing when nobody was signed in, and keeps what sign-in already had to say', async () => {
    vi.stubGlobal('fetch', answer(401, '{"error":"You are not signed in. Please sign in to continue."}'));
    expect(await getMe()).toBeNull();
    expect(signInNotice.value).toBeNull();

    signInNotice.value = { kind: 'success', text: 'Your new password is set. Sign in with it to continue.' };
    vi.stubGlobal('fetch', answer(401, '{"error":"You were signed out because your password was reset.","reason":"password_reset"}'));
    await getMe();
    expect(signInNotice.value.text).toBe('Your new password is set. Sign in with it to continue.');
  });

  it('falls back to "your session has ended" without a reason', () => {
    expect(sessionEndedNotice({ serverMessage: 'You are not signed in. Please sign in to continue.' })).toBe(SESSION_ENDED_NOTICE);
    expect(
      sessionEndedNotice({ reason: 'password_changed', serverMessage: 'You were signed out because your password was changed.' }),
    ).toEqual({
      kind: 'info',
      text: 'You were signed out because your password was changed.',
    });
  });
});
