import type { Provenance } from '@/lib/api/types';

type PriceBracketProps = {
  bracket?: number | null;
  /** Where the bracket came from, when the card knows: an estimate says so ("est."). */
  provenance?: Provenance | null;
};

/** A vendor's price bracket as dollar signs ($ to $$$$); nothing outside 1-4. */
export function PriceBracket({ bracket, provenance }: PriceBracketProps) {
  if (!bracket || !Number.isInteger(bracket) || bracket < 1 || bracket > 4) return null;
  const labels = ['', 'Budget', 'Moderate', 'Premium', 'Enterprise'];
  const estimate = provenance?.kind === 'estimate';
  return (
    <span
      role="img"
      aria-label={`Price: ${labels[bracket]} (${bracket} of 4)${estimate ? ', Litstack’s estimate' : ''}`}
      title={`${labels[bracket]} pricing${estimate ? ': Litstack’s estimate, not a price the vendor states' : ''}`}
      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200 ring-inset"
    >
      {'$'.repeat(bracket)}
      {estimate ? <span className="font-normal text-emerald-800">est.</span> : null}
    </span>
  );
}
