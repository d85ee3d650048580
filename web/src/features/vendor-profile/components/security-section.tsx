import type { SecurityProfile } from '@/lib/api/types';
import { securityLines } from '@/lib/vendor-facts';

import { FactRow } from './fact-row';
import { SecurityValue } from './security-value';

/**
 * "Security": the nine facts of the vendor's security profile, each as stated with where it was
 * read, or "Not stated" (never a guess).
 */
export function SecuritySection({ name, security }: { name: string; security: SecurityProfile }) {
  const lines = securityLines(security);
  const none = lines.every((line) => line.value === null);
  return (
    <section aria-labelledby="security-heading" className="space-y-3">
      <h2 id="security-heading" className="text-lg font-semibold text-slate-900">
        Security
      </h2>
      <p className="max-w-3xl text-sm text-slate-600">
        {none
          ? `${name}’s security practices are not stated on any page Litstack has read.`
          : `What ${name} states about how it keeps your firm’s data, and where each fact was read. Litstack does not guess: a fact no source states reads “Not stated”.`}
      </p>
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {lines.map((line) => (
          <FactRow key={line.key} term={line.label} provenance={line.provenance} fact={`${name}’s ${line.label}`}>
            <SecurityValue line={line} name={name} />
          </FactRow>
        ))}
      </dl>
    </section>
  );
}
