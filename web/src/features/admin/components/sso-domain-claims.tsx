import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import type { AdminDomainClaim } from '@/lib/api/types';
import { formatDate } from '@/lib/format';

import { useDecideSsoDomain } from '../api/decide-sso-domain';
import { useSsoDomains } from '../api/get-sso-domains';

const STATUS_TEXT = { pending: 'Pending', confirmed: 'Confirmed', refused: 'Refused' } as const;

/** /admin/firms: the firms' claims to email domains for single sign-on; only confirmed ones act. */
export function SsoDomainClaims() {
  const claims = useSsoDomains();
  const decide = useDecideSsoDomain();
  if (claims.error) return <Alert>{getErrorMessage(claims.error, 'Failed to load the domain claims. Please try again.')}</Alert>;
  if (!claims.data) return <Spinner label="Loading domain claims..." />;
  const items = claims.data.items;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        A firm’s people sign in through its identity provider only for domains you confirm. Confirm a domain only when you know the firm
        owns it.
      </p>
      {decide.isError ? <Alert>{getErrorMessage(decide.error, 'Failed to save your decision. Please try again.')}</Alert> : null}
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">No firm has claimed a domain yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Domain claims">
          {items.map((claim) => (
            <ClaimRow
              key={`${claim.domain}|${claim.firmId}`}
              claim={claim}
              pending={decide.isPending}
              onDecide={(status) => decide.mutate({ firmId: claim.firmId, domain: claim.domain, status })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function ClaimRow({
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
