import { describe, expect, it } from 'vitest';

import { LINK_MESSAGE, changesNothing, changesOf, formValuesOf, linesOf, logoLinkError } from './proposal-form';
import type { VendorListing } from './types';

const checked = { kind: 'page' as const, url: 'https://acme.test/security', checkedOn: '2026-11-25' };

/** Acme as the listing stands: a booking link, two highlights, SOC 2 Type II and SSO by SAML stated. */
function listing(): VendorListing {
  return {
    id: 7,
    name: 'Acme',
    websiteUrl: 'https://www.acme.test/',
    bookingUrl: 'https://acme.test/demo',
    description: 'Intake software.',
    shortHighlights: ['Fast intake', 'Texts clients'],
    integrations: ['Clio'],
    facts: {
      statedPrice: { value: '$49 a user a month', provenance: checked },
      security: {
        soc2: { value: { report: 'Type II', periodEnd: '2026-06-30' }, provenance: checked },
        sso: { value: { offered: true, protocols: ['SAML'], plan: 'Enterprise' }, provenance: checked },
        mfa: { value: true, provenance: checked },
      },
    },
  };
}

describe('a proposal sends only what the person changed', () => {
  it('sends nothing for a form left as the listing stands, or changed and changed back', () => {
    const initial = formValuesOf(listing());
    expect(changesOf(initial, initial)).toEqual({});
    expect(changesNothing(changesOf(initial, { ...initial }))).toBe(true);
    // Spaces around a value and blank lines in a list change nothing.
    const padded = {
      ...initial,
      bookingUrl: ' https://acme.test/demo ',
      highlights: '\nFast intake\n  Texts clients \n\n',
      statedPrice: '$49 a user a month ',
    };
    expect(changesOf(initial, padded)).toEqual({});
  });

  it('sends the booking link alone when only it changed, and null when it is emptied', () => {
    const initial = formValuesOf(listing());
    expect(changesOf(initial, { ...initial, bookingUrl: 'https://acme.test/book' })).toEqual({ bookingUrl: 'https://acme.test/book' });
    expect(changesOf(initial, { ...initial, bookingUrl: '   ' })).toEqual({ bookingUrl: null });
  });

  it('sends a logo link only when the person typed one, trimmed: the field starts empty whatever the logo', () => {
    const initial = formValuesOf({ ...listing(), logoUrl: '/api/logos/7/abc123' });
    expect(initial.logoUrl).toBe('');
    expect(changesOf(initial, { ...initial, logoUrl: '   ' })).toEqual({});
    expect(changesOf(initial, { ...initial, logoUrl: ' https://acme.test/logo.png ' })).toEqual({ logoUrl: 'https://acme.test/logo.png' });
  });

  it('refuses a logo link that is not an http(s) address before sending, and lets an empty one through', () => {
    expect(logoLinkError({ logoUrl: '' })).toBeUndefined();
    expect(logoLinkError({ logoUrl: ' https://acme.test/logo.png ' })).toBeUndefined();
    expect(logoLinkError({ logoUrl: 'HTTP://acme.test/logo.gif' })).toBeUndefined();
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//acme.test/logo.png', 'acme.test/logo.png', 'https://']) {
      expect(logoLinkError({ logoUrl: bad }), bad).toBe(LINK_MESSAGE);
    }
  });

  it('sends lists line by line, trimmed, and the description trimmed', () => {
    const initial = formValuesOf(listing());
    expect(linesOf(' a \n\n b\n')).toEqual(['a', 'b']);
    expect(changesOf(initial, { ...initial, integrations: 'Clio\nFilevine\n', description: ' Intake and texting software. ' })).toEqual({
      description: 'Intake and texting software.',
      integrations: ['Clio', 'Filevine'],
    });
    // The order of highlights is what firms read, so a new order is a change.
    expect(changesOf(initial, { ...initial, highlights: 'Texts clients\nFast intake' })).toEqual({
      shortHighlights: ['Texts clients', 'Fast intake'],
    });
  });

  it('sends a yes-or-no fact as true, false or null ("Not stated"), inside facts', () => {
    const initial = formValuesOf(listing());
    expect(changesOf(initial, { ...initial, hipaaBaa: 'yes' })).toEqual({ facts: { hipaaBaa: true } });
    expect(changesOf(initial, { ...initial, aiTraining: 'no' })).toEqual({ facts: { aiTraining: false } });
    expect(changesOf(initial, { ...initial, mfa: '' })).toEqual({ facts: { mfa: null } });
  });

  it('sends a text fact emptied as null, and leaves the other facts out', () => {
    const initial = formValuesOf(listing());
    expect(changesOf(initial, { ...initial, statedPrice: '', dataLocation: 'United States' })).toEqual({
      facts: { statedPrice: null, dataLocation: 'United States' },
    });
  });

  it('sends SOC 2 as a whole: its type with the period end, or null', () => {
    const initial = formValuesOf(listing());
    expect(changesOf(initial, { ...initial, soc2: 'Type I' })).toEqual({ facts: { soc2: { report: 'Type I', periodEnd: '2026-06-30' } } });
    expect(changesOf(initial, { ...initial, soc2PeriodEnd: '2026-12-31' })).toEqual({
      facts: { soc2: { report: 'Type II', periodEnd: '2026-12-31' } },
    });
    expect(changesOf(initial, { ...initial, soc2PeriodEnd: '' })).toEqual({ facts: { soc2: { report: 'Type II' } } });
    expect(changesOf(initial, { ...initial, soc2: '' })).toEqual({ facts: { soc2: null } });
  });

  it('sends single sign-on as a whole when offered, its protocols or its plan change', () => {
    const initial = formValuesOf(listing());
    expect(changesOf(initial, { ...initial, ssoProtocols: ['SAML', 'OIDC'] })).toEqual({
      facts: { sso: { offered: true, protocols: ['SAML', 'OIDC'], plan: 'Enterprise' } },
    });
    expect(changesOf(initial, { ...initial, sso: 'no' })).toEqual({ facts: { sso: { offered: false, protocols: [] } } });
    expect(changesOf(initial, { ...initial, sso: '' })).toEqual({ facts: { sso: null } });
    expect(changesOf(initial, { ...initial, ssoPlan: '' })).toEqual({ facts: { sso: { offered: true, protocols: ['SAML'] } } });
  });

  it('starts a listing that states nothing as empty fields, all "Not stated"', () => {
    const bare = { ...listing(), bookingUrl: null, shortHighlights: [], integrations: [], facts: { security: {} } };
    const initial = formValuesOf(bare);
    expect(initial).toMatchObject({ bookingUrl: '', highlights: '', hipaaBaa: '', soc2: '', sso: '', ssoProtocols: [], statedPrice: '' });
    expect(changesOf(initial, { ...initial, bookingUrl: 'https://acme.test/demo', hipaaBaa: 'yes' })).toEqual({
      bookingUrl: 'https://acme.test/demo',
      facts: { hipaaBaa: true },
    });
  });
});
