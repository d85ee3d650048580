import type { ReactNode } from 'react';

import { ProvenanceNote } from '@/components/vendor-facts/provenance-note';
import type { Provenance } from '@/lib/api/types';

type ListingFactProps = {
  term: string;
  /** The value as firms read it; null reads "Not stated". */
  children: ReactNode | null;
  /** Where it came from, as firms see it; null for a fact nobody states. */
  provenance: Provenance | null | undefined;
  /** What the fact is, for the Source link's accessible name. */
  fact: string;
  /** The words for Litstack's own value ("Litstack’s summary"); "Litstack’s estimate" unless given. */
  estimate?: string;
};

/** One fact of the listing: its name, its value, and the line that says where it came from. */
export function ListingFact({ term, children, provenance, fact, estimate }: ListingFactProps) {
  return (
    <div className="grid gap-x-4 gap-y-0.5 py-2.5 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm font-medium text-slate-700">{term}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900">
        {children === null ? <span className="block text-slate-500">Not stated</span> : <div>{children}</div>}
        {provenance ? (
          <span className="block text-xs">
            <ProvenanceNote provenance={provenance} fact={fact} estimate={estimate} />
          </span>
        ) : null}
      </dd>
    </div>
  );
}
