import type { Provenance, SecurityProfile } from '@/lib/api/types';
import { formatDate, formatMonth } from '@/lib/format';

/**
 * "Nov 2026" from a YYYY-MM-DD day, or null for anything else. Read from the text, not through
 * `Date`, so a time zone west of UTC cannot turn 1 November into October.
 */
export function verifiedMonth(day: string | null | undefined): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(day ?? '') ? formatMonth(day) : null;
}

/**
 * A link (a vendor's website or booking link) whose page was not recorded: an address is not an
 * estimate, so this replaces "Litstack's estimate" for it.
 */
export const UNCONFIRMED_LINK = 'Source not recorded';

/** The host of a page's address ("evenuplaw.com"), or null for anything that is not http(s). */
export function pageHost(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return parsed.hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The plain http(s) address of a page, never a `javascript:` one. */
export function pageAddress(url: string | null | undefined): string | null {
  return pageHost(url) === null ? null : new URL(url as string).href;
}

/**
 * Where a fact came from, in words: "Checked on evenuplaw.com, Nov 2026", "Added by your
 * administrator on Nov 25, 2026", or Litstack's own `estimate` wording ("Litstack's estimate").
 */
export function provenanceText(provenance: Provenance, estimate = 'Litstack’s estimate'): string {
  switch (provenance.kind) {
    case 'page': {
      const host = pageHost(provenance.url);
      const month = formatMonth(provenance.checkedOn) ?? provenance.checkedOn;
      return host ? `Checked on ${host}, ${month}` : `Checked ${month}`;
    }
    case 'administrator':
      return `Added by your administrator on ${formatDate(provenance.on)}`;
    case 'publisher':
      return `From the ${provenance.feed} catalog, added by its publisher on ${formatDate(provenance.on)}`;
    case 'vendor':
      return provenance.evidence
        ? `Supplied by ${provenance.vendor} on ${formatDate(provenance.on)} · evidence seen by the operator on ${formatDate(provenance.evidence.seenOn)}`
        : `Supplied by ${provenance.vendor} on ${formatDate(provenance.on)}`;
    case 'estimate':
      return estimate;
  }
}

/** One fact of the security profile, ready to show: its label, its value in words (null: "Not stated"). */
export type SecurityLine = {
  key: keyof SecurityProfile;
  label: string;
  value: string | null;
  /** The fact as a phrase that stands alone on a card ("SOC 2 Type II", "Single sign-on (SAML)"). */
  statement: string | null;
  provenance: Provenance | null;
  /** A stated fact a firm would want (a BAA signed, SSO offered), for a calm highlight. */
  good: boolean;
};

const yesNo = (value: boolean | undefined, yes: string, no: string) => (value === undefined ? null : value ? yes : no);

/** Every fact of the profile in a fixed order, "Not stated" ones included. */
export function securityLines(s: SecurityProfile): SecurityLine[] {
  const soc2 = s.soc2?.value;
  const sso = s.sso?.value;
  const ssoText = (() => {
    if (!sso) return null;
    if (!sso.offered) return 'Not offered';
    const how = sso.protocols.length > 0 ? sso.protocols.join(', ') : 'Offered';
    return sso.plan ? `${how} (${sso.plan})` : how;
  })();
  const lines: Omit<SecurityLine, 'provenance'>[] = [
    {
      key: 'hipaaBaa',
      label: 'HIPAA business associate agreement',
      value: yesNo(s.hipaaBaa?.value, 'Signs a BAA', 'Does not sign a BAA'),
      statement: yesNo(s.hipaaBaa?.value, 'Signs a BAA', 'Does not sign a BAA'),
      good: s.hipaaBaa?.value === true,
    },
    {
      key: 'soc2',
      label: 'SOC 2',
      value: soc2 ? `${soc2.report} report${soc2.periodEnd ? `, period ending ${formatDate(soc2.periodEnd)}` : ''}` : null,
      statement: soc2 ? `SOC 2 ${soc2.report}` : null,
      good: soc2?.report === 'Type II',
    },
    {
      key: 'iso27001',
      label: 'ISO 27001',
      value: yesNo(s.iso27001?.value, 'Certified', 'Not certified'),
      statement: yesNo(s.iso27001?.value, 'ISO 27001 certified', 'Not ISO 27001 certified'),
      good: s.iso27001?.value === true,
    },
    {
      key: 'sso',
      label: 'Single sign-on',
      value: ssoText,
      statement: !sso
        ? null
        : !sso.offered
          ? 'No single sign-on'
          : sso.protocols.length > 0
            ? `Single sign-on (${sso.protocols.join(', ')})`
            : 'Single sign-on',
      good: sso?.offered === true,
    },
    {
      key: 'mfa',
      label: 'Two-factor sign-in',
      value: yesNo(s.mfa?.value, 'Available', 'Not available'),
      statement: yesNo(s.mfa?.value, 'Two-factor sign-in', 'No two-factor sign-in'),
      good: s.mfa?.value === true,
    },
    {
      key: 'dataLocation',
      label: 'Where data is kept',
      value: s.dataLocation?.value ?? null,
      statement: s.dataLocation ? `Data kept in ${s.dataLocation.value}` : null,
      good: false,
    },
    {
      key: 'aiTraining',
      label: 'AI training on your data',
      value: yesNo(s.aiTraining?.value, 'Trains AI models on customer data', 'Does not train AI models on customer data'),
      statement: yesNo(s.aiTraining?.value, 'Trains AI models on customer data', 'Does not train AI models on customer data'),
      good: s.aiTraining?.value === false,
    },
    {
      key: 'dataExport',
      label: 'Export when you leave',
      value: yesNo(s.dataExport?.value, 'You can export all your data', 'No full export'),
      statement: yesNo(s.dataExport?.value, 'Full data export when you leave', 'No full data export'),
      good: s.dataExport?.value === true,
    },
    {
      key: 'trustPage',
      label: 'Trust page',
      value: s.trustPage?.value ?? null,
      statement: s.trustPage ? 'Trust page' : null,
      good: false,
    },
  ];
  // Each line's provenance is its fact's own.
  return lines.map((line) => ({ ...line, provenance: s[line.key]?.provenance ?? null }));
}

/**
 * The security facts a card shows: the three Browse filters by (BAA, SOC 2, single sign-on),
 * only where the vendor states them.
 */
export function cardSecurityLines(s: SecurityProfile): SecurityLine[] {
  const shown = new Set<keyof SecurityProfile>(['hipaaBaa', 'soc2', 'sso']);
  return securityLines(s).filter((line) => shown.has(line.key) && line.value !== null);
}
