import { describe, expect, it } from 'vitest';

import type { SecurityProfile } from '@/lib/api/types';

import { securityChanges, securityFormOf } from './security-edit';

const page = { kind: 'page', url: 'https://trust.example.com/', checkedOn: '2026-11-20' } as const;

const stated: SecurityProfile = {
  hipaaBaa: { value: true, provenance: page },
  soc2: { value: { report: 'Type II', periodEnd: '2026-06-30' }, provenance: page },
  sso: { value: { offered: true, protocols: ['SAML'], plan: 'Enterprise' }, provenance: page },
};

describe('securityFormOf', () => {
  it('reads each stated fact, and "Not stated" for the rest', () => {
    expect(securityFormOf(stated)).toEqual({ baa: 'yes', soc2: 'Type II', sso: 'offered', mfa: '' });
    expect(securityFormOf({})).toEqual({ baa: '', soc2: '', sso: '', mfa: '' });
  });
});

describe('securityChanges', () => {
  it('sends nothing when nothing changed, so every fact keeps where it came from', () => {
    expect(securityChanges(stated, securityFormOf(stated))).toBeNull();
  });

  it('sends only the changed facts: null for "Not stated"', () => {
    expect(securityChanges(stated, { baa: '', soc2: 'Type II', sso: 'offered', mfa: 'yes' })).toEqual({ hipaaBaa: null, mfa: true });
  });

  it('drops an old period end with another report type, and keeps the stated protocols and plan', () => {
    expect(securityChanges(stated, { baa: 'yes', soc2: 'Type I', sso: 'offered', mfa: '' })).toEqual({
      soc2: { report: 'Type I', periodEnd: null },
    });
    expect(securityChanges({}, { baa: '', soc2: '', sso: 'offered', mfa: '' })).toEqual({
      sso: { offered: true, protocols: [], plan: null },
    });
    expect(securityChanges(stated, { baa: 'yes', soc2: 'Type II', sso: 'not-offered', mfa: '' })).toEqual({
      sso: { offered: false, protocols: [], plan: null },
    });
  });
});
