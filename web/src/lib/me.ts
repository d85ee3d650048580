import { ApiError, client, unwrap } from './api-client';
import type { MfaRequiredBy, User } from './api/types';
import { sessionEndedNotice, signInNotice } from './sign-in-notice';

/**
 * The signed-in user and, from `me` only, whether the session may only set up a second factor
 * (and who requires it). A user seeded from a sign-in's answer has no `mfaSetupRequired` until
 * `me` confirms it.
 */
export type Me = User & { mfaSetupRequired?: boolean; mfaRequiredBy?: MfaRequiredBy | null };

/**
 * The current user, or null when nobody is signed in (the server answers 401). When the server
 * ended the browser's session itself (a password change, a removal from the firm), sign-in is
 * told why, unless it already has something to say. (Apart from lib/auth.ts, which reads it
 * through the query cache, so the sign-in screen can ask without loading that cache's code.)
 */
export async function getMe(): Promise<Me | null> {
  try {
    const { user, mfaSetupRequired, mfaRequiredBy } = await unwrap(client.GET('/api/auth/me'));
    return { ...user, mfaSetupRequired, mfaRequiredBy };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (error.reason && !signInNotice.value) signInNotice.value = sessionEndedNotice(error);
      return null;
    }
    throw error;
  }
}
