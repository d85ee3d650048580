import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useDecideSsoDomain } from '../api/decide-sso-domain';
import { useSsoDomains } from '../api/get-sso-domains';
import { SsoDomainClaimRow } from './sso-domain-claim-row';

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
            <SsoDomainClaimRow
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
