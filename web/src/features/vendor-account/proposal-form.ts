import type { FactsUpdate, ProposalChanges, Soc2Report, SsoProtocol, VendorListing } from './types';

/**
 * The "Propose a change" form as text: every field starts as the listing states it now, and a
 * proposal carries only the fields the person changed (the server keeps every field left out as
 * it is, and refuses a proposal that changes nothing).
 */

/** A yes-or-no fact: '' is "Not stated". */
export type TriState = '' | 'yes' | 'no';

export type ProposalFormValues = {
  bookingUrl: string;
  /** A new logo's http(s) address; always starts empty, since the logo firms see is a copy Litstack serves. */
  logoUrl: string;
  description: string;
  /** One per line. */
  highlights: string;
  /** One per line. */
  integrations: string;
  statedPrice: string;
  pricingModel: string;
  hipaaBaa: TriState;
  /** '' is "Not stated". */
  soc2: '' | Soc2Report;
  /** YYYY-MM-DD, or '' when the vendor does not say. */
  soc2PeriodEnd: string;
  iso27001: TriState;
  sso: TriState;
  ssoProtocols: SsoProtocol[];
  ssoPlan: string;
  mfa: TriState;
  aiTraining: TriState;
  dataExport: TriState;
  dataLocation: string;
  trustPage: string;
};

const triState = (fact: { value: boolean } | null | undefined): TriState => (fact ? (fact.value ? 'yes' : 'no') : '');

/** The form as the listing stands now. */
export function formValuesOf(listing: VendorListing): ProposalFormValues {
  const { facts } = listing;
  const security = facts.security;
  const sso = security.sso?.value;
  return {
    bookingUrl: listing.bookingUrl ?? '',
    logoUrl: '',
    description: listing.description,
    highlights: listing.shortHighlights.join('\n'),
    integrations: listing.integrations.join('\n'),
    statedPrice: facts.statedPrice?.value ?? '',
    pricingModel: facts.pricingModel?.value ?? '',
    hipaaBaa: triState(security.hipaaBaa),
    soc2: security.soc2?.value.report ?? '',
    soc2PeriodEnd: security.soc2?.value.periodEnd ?? '',
    iso27001: triState(security.iso27001),
    sso: sso ? (sso.offered ? 'yes' : 'no') : '',
    ssoProtocols: sso ? [...sso.protocols] : [],
    ssoPlan: sso?.plan ?? '',
    mfa: triState(security.mfa),
    aiTraining: triState(security.aiTraining),
    dataExport: triState(security.dataExport),
    dataLocation: security.dataLocation?.value ?? '',
    trustPage: security.trustPage?.value ?? '',
  };
}

/** The lines of a one-per-line field, trimmed, empty ones left out. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

const flag = (value: TriState): boolean | null => (value === '' ? null : value === 'yes');
/** A text fact: '' is "Not stated" (null). */
const textFact = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * What the person changed from `initial` (the listing as the form began), as the proposal's body:
 * only those fields, with `facts` only when a fact changed. Text is compared trimmed, lists line by
 * line; an emptied fact becomes null ("Not stated").
 */
export function changesOf(initial: ProposalFormValues, current: ProposalFormValues): ProposalChanges {
  const changes: ProposalChanges = {};
  if (current.bookingUrl.trim() !== initial.bookingUrl.trim()) changes.bookingUrl = textFact(current.bookingUrl);
  // Only a logo link the person typed: the field starts empty, and empty leaves the logo as it is.
  if (current.logoUrl.trim() !== '') changes.logoUrl = current.logoUrl.trim();
  if (current.description.trim() !== initial.description.trim()) changes.description = current.description.trim();
  if (!sameList(linesOf(current.highlights), linesOf(initial.highlights))) changes.shortHighlights = linesOf(current.highlights);
  if (!sameList(linesOf(current.integrations), linesOf(initial.integrations))) changes.integrations = linesOf(current.integrations);

  const facts: FactsUpdate = {};
  for (const key of ['statedPrice', 'pricingModel', 'dataLocation', 'trustPage'] as const) {
    if (current[key].trim() !== initial[key].trim()) facts[key] = textFact(current[key]);
  }
  for (const key of ['hipaaBaa', 'iso27001', 'mfa', 'aiTraining', 'dataExport'] as const) {
    if (current[key] !== initial[key]) facts[key] = flag(current[key]);
  }
  if (current.soc2 !== initial.soc2 || (current.soc2 !== '' && current.soc2PeriodEnd.trim() !== initial.soc2PeriodEnd.trim())) {
    const periodEnd = current.soc2PeriodEnd.trim();
    facts.soc2 = current.soc2 === '' ? null : { report: current.soc2, ...(periodEnd ? { periodEnd } : {}) };
  }
  const ssoChanged =
    current.sso !== initial.sso ||
    (current.sso === 'yes' && (!sameSet(current.ssoProtocols, initial.ssoProtocols) || current.ssoPlan.trim() !== initial.ssoPlan.trim()));
  if (ssoChanged) {
    const plan = current.ssoPlan.trim();
    facts.sso =
      current.sso === ''
        ? null
        : current.sso === 'no'
          ? { offered: false, protocols: [] }
          : { offered: true, protocols: current.ssoProtocols, ...(plan ? { plan } : {}) };
  }
  if (Object.keys(facts).length > 0) changes.facts = facts;
  return changes;
}

export const LINK_MESSAGE = 'Enter an address starting with http:// or https://, or leave it empty.';

/**
 * The logo link's message when it does not even start like a web address (an empty field is
 * fine); the server checks the rest, and the image itself when the operator approves.
 */
export function logoLinkError(values: Pick<ProposalFormValues, 'logoUrl'>): string | undefined {
  const text = values.logoUrl.trim();
  return text === '' || /^https?:\/\/\S+$/i.test(text) ? undefined : LINK_MESSAGE;
}

/** Whether a proposal body changes nothing. */
export function changesNothing(changes: ProposalChanges): boolean {
  return Object.keys(changes).length === 0;
}
