import { queryOptions, useQuery } from '@tanstack/react-query';

import type { FirmRole, User } from './api/types';
import { cacheTimes } from './cache-times';
import { getMe } from './me';
import { queryKeys } from './query-keys';

export { getMe, type Me } from './me';

/**
 * The signed-in user (GET /api/auth/me). Lives in lib/ because the guard, the sidebar, the auth
 * screens and Profile all read it and refresh it.
 */
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
