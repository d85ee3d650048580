import { describe, expect, it } from 'vitest';

import type { SecurityProfile } from '@/lib/api/types';

import { cardSecurityLines, pageAddress, pageHost, provenanceText, securityLines, verifiedMonth } from './vendor-facts';

const page = (url: string) => ({ kind: 'page' as const, url, checkedOn: '2026-11-25' });

/** EvenUp as the shipped catalog has it: a BAA and a SOC 2 Type II report, each read on its page. */
const evenUp: SecurityProfile = {
  hipaaBaa: { value: true, provenance: page('https://www.evenuplaw.com/dpa/') },
  soc2: { value: { report: 'Type II' }, provenance: page('https://trust.evenuplaw.com') },
  trustPage: { value: 'https://trust.evenuplaw.com', provenance: page('https://trust.evenuplaw.com') },
};

describe('pageHost and pageAddress', () => {
  it('name the host of an http(s) page without its www', () => {
    expect(pageHost('https://www.evenuplaw.com/dpa/')).toBe('evenuplaw.com');
    expect(pageHost('http://trust.evenuplaw.com')).toBe('trust.evenuplaw.com');
    expect(pageAddress('https://trust.evenuplaw.com')).toBe('https://trust.evenuplaw.com/');
  });

  it('never turn a javascript:, data: or broken address into a page', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'not a url', '/vendors/1', '', null, undefined]) {
      expect(pageHost(url), String(url)).toBeNull();
      expect(pageAddress(url), String(url)).toBeNull();
    }
  });
});

describe('provenanceText', () => {
  it('says which page a fact was read on, and in which month', () => {
    expect(provenanceText(page('https://www.evenuplaw.com/dpa/'))).toBe('Checked on evenuplaw.com, Nov 2026');
    // The first of a month stays in its month whatever the reader's time zone.
    expect(provenanceText({ kind: 'page', url: 'https://a.example', checkedOn: '2026-11-01' })).toBe('Checked on a.example, Nov 2026');
  });

  it('names no host for a page whose address is not a web page', () => {
    expect(provenanceText(page('javascript:alert(1)'))).toBe('Checked Nov 2026');
  });

  it('credits the administrator with the day, and marks Litstack’s own values as its estimate', () => {
    expect(provenanceText({ kind: 'administrator', on: '2026-11-25' })).toBe('Added by your administrator on Nov 25, 2026');
    expect(provenanceText({ kind: 'estimate' })).toBe('Litstack’s estimate');
    expect(provenanceText({ kind: 'estimate' }, 'Litstack’s summary')).toBe('Litstack’s summary');
    // The estimate words never replace a page's or the administrator's.
    expect(provenanceText(page('https://a.example'), 'Litstack’s summary')).toBe('Checked on a.example, Nov 2026');
  });

  it('credits a signed catalog’s publisher by the catalog’s name, never a person', () => {
    expect(provenanceText({ kind: 'vendor', vendor: 'EvenUp', on: '2026-11-26' })).toBe('Supplied by EvenUp on Nov 26, 2026');
    expect(provenanceText({ kind: 'vendor', vendor: 'EvenUp', on: '2026-11-26', evidence: { seenOn: '2026-11-25', url: null } })).toBe(
      'Supplied by EvenUp on Nov 26, 2026 · evidence seen by the operator on Nov 25, 2026',
    );
    expect(provenanceText({ kind: 'publisher', feed: 'litstack-main', on: '2026-11-26' })).toBe(
      'From the litstack-main catalog, added by its publisher on Nov 26, 2026',
    );
  });
});

describe('securityLines', () => {
  it('lists all nine facts in order, each "Not stated" (null) when nobody states it', () => {
    const lines = securityLines({});
    expect(lines.map((l) => l.label)).toEqual([
      'HIPAA business associate agreement',
      'SOC 2',
      'ISO 27001',
      'Single sign-on',
      'Two-factor sign-in',
      'Where data is kept',
      'AI training on your data',
      'Export when you leave',
      'Trust page',
    ]);
    expect(lines.every((l) => l.value === null && l.provenance === null && !l.good)).toBe(true);
  });

  it('words each stated fact and keeps where it was read', () => {
    const lines = securityLines(evenUp);
    const byKey = Object.fromEntries(lines.map((l) => [l.key, l]));
    expect(byKey.hipaaBaa).toMatchObject({ value: 'Signs a BAA', good: true, provenance: page('https://www.evenuplaw.com/dpa/') });
    expect(byKey.soc2).toMatchObject({ value: 'Type II report', good: true });
    expect(byKey.trustPage?.value).toBe('https://trust.evenuplaw.com');
    expect(byKey.iso27001?.value).toBeNull();
  });

  it('words a no as plainly as a yes, and marks good only what a firm would want', () => {
    const admin = { kind: 'administrator' as const, on: '2026-11-25' };
    const lines = securityLines({
      hipaaBaa: { value: false, provenance: admin },
      soc2: { value: { report: 'Type I', periodEnd: '2026-06-30' }, provenance: admin },
      iso27001: { value: false, provenance: admin },
      sso: { value: { offered: true, protocols: ['SAML', 'OIDC'], plan: 'Enterprise' }, provenance: admin },
      mfa: { value: true, provenance: admin },
      dataLocation: { value: 'United States', provenance: admin },
      aiTraining: { value: false, provenance: admin },
      dataExport: { value: false, provenance: admin },
    });
    expect(lines.map((l) => [l.value, l.good])).toEqual([
      ['Does not sign a BAA', false],
      ['Type I report, period ending Jun 30, 2026', false],
      ['Not certified', false],
      ['SAML, OIDC (Enterprise)', true],
      ['Available', true],
      ['United States', false],
      ['Does not train AI models on customer data', true],
      ['No full export', false],
      [null, false],
    ]);
    expect(securityLines({ sso: { value: { offered: false, protocols: [] }, provenance: admin } })[3]?.value).toBe('Not offered');
    expect(securityLines({ sso: { value: { offered: true, protocols: [] }, provenance: admin } })[3]?.value).toBe('Offered');
  });
});

describe('cardSecurityLines', () => {
  it('keeps the three facts Browse filters by, only where stated', () => {
    expect(cardSecurityLines(evenUp).map((l) => l.key)).toEqual(['hipaaBaa', 'soc2']);
    expect(cardSecurityLines({})).toEqual([]);
  });
});

describe('verifiedMonth', () => {
  it('is the month and year of a YYYY-MM-DD day, whatever the time zone', () => {
    expect(verifiedMonth('2026-11-22')).toBe('Nov 2026');
    expect(verifiedMonth('2026-01-01')).toBe('Jan 2026');
  });

  it('is nothing for anything else', () => {
    for (const bad of [null, undefined, '', '2026-13-01', '2026-00-10', '22/11/2026', 'Nov 2026', '2026-11-22T00:00:00Z']) {
      expect(verifiedMonth(bad)).toBeNull();
    }
  });
});
