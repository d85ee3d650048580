import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError, client, unwrap } from './api-client';
import type { FirmRole, MfaRequiredBy, User } from './api/types';
import { cacheTimes } from './cache-times';
import { queryKeys } from './query-keys';
import { sessionEndedNotice, signInNotice } from './sign-in-notice';

/**
 * The signed-in user (GET /api/auth/me). Lives in lib/ because the guard, the sidebar, the auth
 * screens and Profile all read it and refresh it.
 */

/**
 * The signed-in user and, from `me` only, whether the session may only set up a second factor
 * (and who requires it). A user seeded from a sign-in's answer has no `mfaSetupRequired` until
 * `me` confirms it.
 */
export type Me = User & { mfaSetupRequired?: boolean; mfaRequiredBy?: MfaRequiredBy | null };

/**
 * The current user, or null when nobody is signed in (the server answers 401). When the server
 * ended the browser's session itself (a password change, a removal from the firm), sign-in is
 * told why, unless it already has something to say.
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

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: getMe,
    ...cacheTimes.me,
  });

export function useUser() {
  return useQuery(meQueryOptions());
}

/**
 * What the signed-in person's role in their firm lets them do. The server enforces it on every
 * request; screens read it only to leave out controls that would be refused.
 */
export interface FirmAccess {
  role: FirmRole | null;
  /** Changes the firm's data (shortlist, tech stack, picks, dismissals): every role but viewer. */
  canWrite: boolean;
  /** Manages members, invitations and the firm's details: owners and admins. */
  canManage: boolean;
}

export function firmAccess(user: User | null | undefined): FirmAccess {
  const role = user?.firmRole ?? null;
  return {
    role,
    canWrite: role !== null && role !== 'viewer',
    canManage: role === 'owner' || role === 'admin',
  };
}

export function useFirmAccess(): FirmAccess {
  return firmAccess(useUser().data);
}

/** The line a screen shows once where a viewer's write controls are left out. */
export const VIEW_ONLY_NOTE = 'You have view-only access. Ask an owner or admin for the member role.';
