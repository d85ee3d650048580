import { Button } from '@/components/ui/button';
import type { AdminDomainClaim } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

const STATUS_TEXT = { pending: 'Pending', confirmed: 'Confirmed', refused: 'Refused' } as const;

/** A firm's claim to an email domain, with Confirm and Refuse. */
export function SsoDomainClaimRow({
  claim,
  pending,
  onDecide,
}: {
  claim: AdminDomainClaim;
  pending: boolean;
  onDecide: (status: 'confirmed' | 'refused') => void;
}) {
  const label = `${claim.domain} for ${claim.firmName}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{claim.domain}</p>
        <p className="text-slate-600">
          {claim.firmName} · claimed {formatDate(claim.claimedAt)} · <span className="font-medium">{STATUS_TEXT[claim.status]}</span>
        </p>
      </div>
      <div className="flex gap-2">
        {claim.status !== 'confirmed' ? (
          <Button size="sm" disabled={pending} aria-label={`Confirm ${label}`} onClick={() => onDecide('confirmed')}>
            Confirm
          </Button>
        ) : null}
        {claim.status !== 'refused' ? (
          <Button size="sm" variant="outline" disabled={pending} aria-label={`Refuse ${label}`} onClick={() => onDecide('refused')}>
            Refuse
          </Button>
        ) : null}
      </div>
    </li>
  );
}
