import { describe, expect, it } from 'vitest';

import type { User } from './api/types';
import { firmAccess } from './auth';

const as = (firmRole: User['firmRole']) => ({ firmRole }) as User;

describe('firmAccess', () => {
  it('lets every role but viewer write, and only owners and admins manage', () => {
    expect(firmAccess(as('owner'))).toEqual({ role: 'owner', canWrite: true, canManage: true });
    expect(firmAccess(as('admin'))).toEqual({ role: 'admin', canWrite: true, canManage: true });
    expect(firmAccess(as('member'))).toEqual({ role: 'member', canWrite: true, canManage: false });
    expect(firmAccess(as('viewer'))).toEqual({ role: 'viewer', canWrite: false, canManage: false });
  });

  it('grants nothing while nobody is signed in', () => {
    expect(firmAccess(null)).toEqual({ role: null, canWrite: false, canManage: false });
  });
});
