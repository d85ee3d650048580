import type { Provenance } from '@/lib/api/types';
import { OUTBOUND_REL } from '@/lib/outbound';
import { formatDate } from '@/lib/format';
import { pageAddress, provenanceText } from '@/lib/vendor-facts';

type ProvenanceNoteProps = {
  provenance: Provenance;
  /** What the fact is, for the Source link's accessible name ("the booking link"). */
  fact: string;
  /** The words for Litstack's own value; "Litstack’s estimate" unless given. */
  estimate?: string;
};

/**
 * Where one fact came from: "Checked on evenuplaw.com, Nov 2026 · Source", "Supplied by EvenUp on
 * Nov 26, 2026 · evidence seen by the operator on Nov 26, 2026 · Evidence", "Added by your
 * administrator on Nov 25, 2026", or "Litstack’s estimate". The Source link opens the page the
 * fact was read on (never a `javascript:` address) and says which fact it is the source of.
 */
export function ProvenanceNote({ provenance, fact, estimate }: ProvenanceNoteProps) {
  const text = provenanceText(provenance, estimate);
  // A page read, or the vendor's own page the operator saw as an attestation's evidence.
  const page =
    provenance.kind === 'page' ? pageAddress(provenance.url) : provenance.kind === 'vendor' ? pageAddress(provenance.evidence?.url) : null;
  const title = provenance.kind === 'page' ? `Read on ${formatDate(provenance.checkedOn)}` : undefined;
  return (
    <span className="text-slate-500">
      <span title={title}>{text}</span>
      {page ? (
        <>
          <span aria-hidden="true"> · </span>
          <a
            href={page}
            target="_blank"
            rel={OUTBOUND_REL}
            title={page}
            className="font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {provenance.kind === 'vendor' ? 'Evidence' : 'Source'}
            <span className="sr-only"> of {fact}</span>
          </a>
        </>
      ) : null}
    </span>
  );
}
