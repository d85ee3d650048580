import { describe, expect, it } from 'vitest';

import type { FirmRole, Member } from '@/lib/api/types';

import { invitableRoles, memberActions } from './member-actions';

const member = (role: FirmRole, isYou = false): Member => ({
  userId: 7,
  name: 'Sam',
  email: 'sam@firm.test',
  role,
  isYou,
  joinedAt: '2026-11-01T10:00:00Z',
  lastActiveAt: null,
});

const anyControl = (role: FirmRole | null, target: Member) => {
  const a = memberActions(role, target);
  return a.canChangeRole || a.canMakeOwner || a.canRemove || a.canIssueResetLink;
};

describe('memberActions', () => {
  it('gives members and viewers no control over anyone', () => {
    for (const me of ['member', 'viewer', null] as const) {
      for (const target of ['owner', 'admin', 'member', 'viewer'] as const) {
        expect(anyControl(me, member(target))).toBe(false);
      }
    }
  });

  it('gives no control over your own row', () => {
    expect(anyControl('owner', member('owner', true))).toBe(false);
    expect(anyControl('admin', member('admin', true))).toBe(false);
  });

  it('lets an owner change, promote, reset and remove anyone else', () => {
    const onMember = memberActions('owner', member('member'));
    expect(onMember).toMatchObject({ canChangeRole: true, canMakeOwner: true, canRemove: true, canIssueResetLink: true });
    // Owner is given by "Make owner", not offered in the select of a non-owner.
    expect(onMember.roleChoices.map((o) => o.value)).toEqual(['admin', 'member', 'viewer']);
    const onOwner = memberActions('owner', member('owner'));
    expect(onOwner.canMakeOwner).toBe(false);
    expect(onOwner.roleChoices.map((o) => o.value)).toEqual(['owner', 'admin', 'member', 'viewer']);
  });

  it('keeps an admin away from owners, and from making owners', () => {
    expect(anyControl('admin', member('owner'))).toBe(false);
    const onViewer = memberActions('admin', member('viewer'));
    expect(onViewer).toMatchObject({ canChangeRole: true, canMakeOwner: false, canRemove: true, canIssueResetLink: true });
  });
});

describe('invitableRoles', () => {
  it('lets only an owner invite an owner', () => {
    expect(invitableRoles('owner').map((o) => o.value)).toEqual(['owner', 'admin', 'member', 'viewer']);
    expect(invitableRoles('admin').map((o) => o.value)).toEqual(['admin', 'member', 'viewer']);
  });
});
