import type { Provenance } from '@/lib/api/types';
import { OUTBOUND_REL } from '@/lib/outbound';
import { pageAddress, provenanceText } from '@/lib/vendor-facts';

/**
 * Where a fact of the brief came from, in words that print: "Checked on evenuplaw.com, Nov 2026"
 * and the page's whole address (a link on screen, the address on paper), "Added by your
 * administrator on DATE", or "Litstack’s estimate". Never a `javascript:` link.
 */
export function BriefProvenance({ provenance, estimate }: { provenance: Provenance; estimate?: string }) {
  const page = provenance.kind === 'page' ? pageAddress(provenance.url) : null;
  return (
    <span className="block text-slate-600">
      {provenanceText(provenance, estimate)}
      {page ? (
        <>
          {': '}
          <a
            href={page}
            target="_blank"
            rel={OUTBOUND_REL}
            className="break-all text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 print:text-slate-600"
          >
            {page}
          </a>
        </>
      ) : null}
    </span>
  );
}
