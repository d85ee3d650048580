import { PriceBracket } from '@/components/vendor-card/price-bracket';
import type { VendorFacts } from '@/lib/api/types';
import { UNCONFIRMED_LINK, cardSecurityLines } from '@/lib/vendor-facts';

import { ProvenanceNote } from './provenance-note';

type CardFactsProps = {
  facts: VendorFacts;
  priceBracket?: number | null;
  /** Show the price bracket's line (cards that show the bracket elsewhere leave it out). */
  showPrice?: boolean;
};

/**
 * The facts a card vouches for, each with where it came from: the price (Litstack's estimate
 * unless a page or the administrator says otherwise), the booking link, and the security facts
 * firms filter by, where the vendor states them. Nothing is listed for a fact nobody stated.
 */
export function CardFacts({ facts, priceBracket, showPrice = true }: CardFactsProps) {
  const security = cardSecurityLines(facts.security);
  const price = showPrice && priceBracket && facts.price ? facts.price : null;
  if (!price && !facts.bookingLink && security.length === 0) return null;
  return (
    <dl className="space-y-1 text-xs">
      {price ? (
        <div className="flex flex-wrap items-center gap-x-1.5">
          <dt className="sr-only">Price</dt>
          <dd className="flex flex-wrap items-center gap-x-1.5">
            <PriceBracket bracket={priceBracket} />
            <ProvenanceNote provenance={price} fact="the price" />
          </dd>
        </div>
      ) : null}
      {facts.bookingLink ? (
        <div className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-slate-600">Booking link:</dt>
          <dd>
            <ProvenanceNote provenance={facts.bookingLink} fact="the booking link" estimate={UNCONFIRMED_LINK} />
          </dd>
        </div>
      ) : null}
      {security.map((line) => (
        <div key={line.key} className="flex flex-wrap gap-x-1">
          <dt className={line.good ? 'font-medium text-emerald-800' : 'font-medium text-slate-600'}>{line.statement}</dt>
          <dd>{line.provenance ? <ProvenanceNote provenance={line.provenance} fact={`“${line.statement}”`} /> : null}</dd>
        </div>
      ))}
    </dl>
  );
}
