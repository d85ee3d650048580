import type { FirmRole, Member } from '@/lib/api/types';
import { firmRoleOptions } from '@/lib/firm-options';
import type { Option } from '@/lib/options';

/**
 * What the person looking at the members list may do to one member. The server decides (it
 * answers 403/409 with its reason); this only leaves out the controls it would refuse, so a
 * member or viewer sees the list without any, and an admin none on an owner's row.
 */
export type MemberActions = {
  /** The roles the role select offers (owner only as an owner's current role: "Make owner" gives it). */
  roleChoices: ReadonlyArray<Option<FirmRole>>;
  canChangeRole: boolean;
  canMakeOwner: boolean;
  canRemove: boolean;
  canIssueResetLink: boolean;
};

const none: MemberActions = { roleChoices: [], canChangeRole: false, canMakeOwner: false, canRemove: false, canIssueResetLink: false };

export function memberActions(myRole: FirmRole | null, member: Member): MemberActions {
  const manager = myRole === 'owner' || myRole === 'admin';
  // Your own account is yours to change in Profile; your role is changed by another owner.
  if (!manager || member.isYou) return none;
  // Only an owner touches an owner (role, removal, reset link).
  if (member.role === 'owner' && myRole !== 'owner') return none;
  return {
    roleChoices: firmRoleOptions.filter((option) => option.value !== 'owner' || member.role === 'owner'),
    canChangeRole: true,
    canMakeOwner: myRole === 'owner' && member.role !== 'owner',
    canRemove: true,
    canIssueResetLink: true,
  };
}

/** The roles an inviter may give: only an owner invites an owner. */
export function invitableRoles(myRole: FirmRole | null): ReadonlyArray<Option<FirmRole>> {
  return firmRoleOptions.filter((option) => option.value !== 'owner' || myRole === 'owner');
}
