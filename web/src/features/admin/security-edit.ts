import type { FactsUpdate, SecurityProfile } from '@/lib/api/types';

/** The security facts the vendor edit form sets: the three Browse filters by, and two-step sign-in. */
export type SecurityForm = {
  /** '' is "Not stated". */
  baa: '' | 'yes' | 'no';
  soc2: '' | 'Type I' | 'Type II';
  sso: '' | 'offered' | 'not-offered';
  mfa: '' | 'yes' | 'no';
};

const flagOf = (fact: { value: boolean } | null | undefined): '' | 'yes' | 'no' => (fact ? (fact.value ? 'yes' : 'no') : '');

/** The form's values for a vendor's stated facts. */
export function securityFormOf(security: SecurityProfile): SecurityForm {
  return {
    baa: flagOf(security.hipaaBaa),
    soc2: security.soc2 ? security.soc2.value.report : '',
    sso: security.sso ? (security.sso.value.offered ? 'offered' : 'not-offered') : '',
    mfa: flagOf(security.mfa),
  };
}

const flag = (value: '' | 'yes' | 'no') => (value === '' ? null : value === 'yes');

/**
 * Only the facts the form changed, so the others keep where they came from. A SOC 2 report of
 * another type loses the old period end; single sign-on offered keeps the protocols and plan the
 * vendor stated.
 */
export function securityChanges(security: SecurityProfile, form: SecurityForm): FactsUpdate | null {
  const was = securityFormOf(security);
  const update: FactsUpdate = {};
  if (form.baa !== was.baa) update.hipaaBaa = flag(form.baa);
  if (form.mfa !== was.mfa) update.mfa = flag(form.mfa);
  if (form.soc2 !== was.soc2) update.soc2 = form.soc2 === '' ? null : { report: form.soc2, periodEnd: null };
  if (form.sso !== was.sso) {
    const stated = security.sso?.value;
    update.sso =
      form.sso === ''
        ? null
        : form.sso === 'offered'
          ? { offered: true, protocols: stated?.offered ? stated.protocols : [], plan: stated?.offered ? (stated.plan ?? null) : null }
          : { offered: false, protocols: [], plan: null };
  }
  return Object.keys(update).length > 0 ? update : null;
}

export const flagOptions = [
  { value: '', label: 'Not stated' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export const soc2Options = [
  { value: '', label: 'Not stated' },
  { value: 'Type I', label: 'Type I report' },
  { value: 'Type II', label: 'Type II report' },
] as const;

export const ssoOptions = [
  { value: '', label: 'Not stated' },
  { value: 'offered', label: 'Offered' },
  { value: 'not-offered', label: 'Not offered' },
] as const;
