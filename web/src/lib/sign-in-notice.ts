import { signal } from '@preact/signals-react';

/**
 * A line the sign-in screen shows once, set by whatever sent the person there: the session ending
 * under an open tab (removed from the firm, signed out elsewhere, a password reset), or a
 * password just set through a reset link. Held in memory: a reload starts without it.
 */
export type SignInNotice = { kind: 'info' | 'success'; text: string };

export const signInNotice = signal<SignInNotice | null>(null);

export const SESSION_ENDED_NOTICE: SignInNotice = {
  kind: 'info',
  text: 'Your session has ended. Please sign in again to continue.',
};

/**
 * What sign-in says after a call was answered 401: the server's reason when it ended the session
 * itself ("You were signed out because your password was changed."), else that it ended.
 */
export function sessionEndedNotice(error: { reason?: string; serverMessage?: string }): SignInNotice {
  if (error.reason && error.serverMessage) return { kind: 'info', text: error.serverMessage };
  return SESSION_ENDED_NOTICE;
}
