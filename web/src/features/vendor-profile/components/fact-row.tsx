import type { ReactNode } from 'react';

import { ProvenanceNote } from '@/components/vendor-facts/provenance-note';
import type { Provenance } from '@/lib/api/types';

type FactRowProps = {
  term: string;
  /** The fact's value in short, when the row shows one ("Moderate ($$)", "evenuplaw.com"). */
  children?: ReactNode;
  /** Where it came from; null for a fact nobody states (the value then reads "Not stated"). */
  provenance: Provenance | null;
  /** What the fact is, for the Source link's accessible name ("Docketly’s website"). */
  fact: string;
  /** The words for Litstack’s own value ("Litstack’s summary"); "Litstack’s estimate" unless given. */
  estimate?: string;
};

/** One fact of the profile: its name, its value when short, and where it came from. */
export function FactRow({ term, children, provenance, fact, estimate }: FactRowProps) {
  return (
    <div className="grid gap-x-4 gap-y-0.5 px-4 py-2.5 sm:grid-cols-[16rem_1fr]">
      <dt className="text-sm font-medium text-slate-700">{term}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900">
        {children ? <span className="block">{children}</span> : null}
        {provenance ? (
          <span className="block text-xs">
            <ProvenanceNote provenance={provenance} fact={fact} estimate={estimate} />
          </span>
        ) : null}
      </dd>
    </div>
  );
}
