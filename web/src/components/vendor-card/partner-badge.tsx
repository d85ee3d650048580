import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

export const PARTNER_MEANING =
  'A partner is a vendor this Litstack catalog marks as a recommended partner. The badge is a disclosure: it never hides other vendors or changes search results; only the "Partners First" sort orders by it.';

type PartnerBadgeProps = {
  isRecommendedPartner: boolean;
  partnerLevel?: string | null;
};

/**
 * A star for a recommended partner and a "{level} Partner" badge (Gold in yellow, other levels
 * grey). The badge explains itself in a tooltip. Renders nothing for a vendor that is neither.
 */
export function PartnerBadge({ isRecommendedPartner, partnerLevel }: PartnerBadgeProps) {
  const level = partnerLevel?.trim();
  if (!isRecommendedPartner && !level) return null;
  const gold = level?.toLowerCase() === 'gold';
  return (
    <span className="inline-flex items-center gap-1.5">
      {isRecommendedPartner ? (
        <span role="img" aria-label="Recommended partner" className="text-amber-500" title="Recommended partner">
          ★
        </span>
      ) : null}
      {level ? (
        <Tooltip content={PARTNER_MEANING}>
          <span
            tabIndex={0}
            className={cn(
              'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-indigo-600',
              gold ? 'bg-yellow-100 text-yellow-800 ring-yellow-300' : 'bg-slate-100 text-slate-700 ring-slate-300',
            )}
          >
            {level} Partner
          </span>
        </Tooltip>
      ) : null}
    </span>
  );
}
