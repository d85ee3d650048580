/** A vendor's price bracket as dollar signs ($ to $$$$); nothing outside 1-4. */
export function PriceBracket({ bracket }: { bracket?: number | null }) {
  if (!bracket || !Number.isInteger(bracket) || bracket < 1 || bracket > 4) return null;
  const labels = ['', 'Budget', 'Moderate', 'Premium', 'Enterprise'];
  return (
    <span
      role="img"
      aria-label={`Price: ${labels[bracket]} (${bracket} of 4)`}
      title={`${labels[bracket]} pricing`}
      className="inline-flex items-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200 ring-inset"
    >
      {'$'.repeat(bracket)}
    </span>
  );
}
