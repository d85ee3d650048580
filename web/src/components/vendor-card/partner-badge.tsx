import { useState } from 'react';

import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';

import { PartnerDisclosure } from './partner-explainer';

export const PARTNER_MEANING =
  'A partner is a vendor your administrator has named as one. The badge is a disclosure: it never hides other vendors or changes search results; only the "Partners First" sort orders by it. Select it to read more.';

type PartnerBadgeProps = {
  isRecommendedPartner: boolean;
  partnerLevel?: string | null;
};

/**
 * A star for a recommended partner and a "{level} Partner" badge (Gold in yellow, other levels
 * grey), as one button that opens the "What does Partner mean?" disclosure, on every card that
 * shows it. Renders nothing for a vendor that is neither.
 */
export function PartnerBadge({ isRecommendedPartner, partnerLevel }: PartnerBadgeProps) {
  const [open, setOpen] = useState(false);
  const level = partnerLevel?.trim();
  if (!isRecommendedPartner && !level) return null;
  const gold = level?.toLowerCase() === 'gold';
  return (
    <>
      <Tooltip content={PARTNER_MEANING}>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          className="inline-flex cursor-pointer items-center gap-1.5 rounded-full focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
        >
          {isRecommendedPartner ? (
            <span role="img" aria-label="Recommended partner" className="text-amber-500">
              ★
            </span>
          ) : null}
          {level ? (
            <span
              className={cn(
                'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                gold ? 'bg-yellow-100 text-yellow-800 ring-yellow-300' : 'bg-slate-100 text-slate-700 ring-slate-300',
              )}
            >
              {level} Partner
            </span>
          ) : null}
        </button>
      </Tooltip>
      <PartnerDisclosure open={open} onOpenChange={setOpen} />
    </>
  );
}
