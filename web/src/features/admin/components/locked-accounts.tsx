import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useLockedAccounts } from '../api/get-locked-accounts';
import { LockedAccountRow } from './locked-account-row';

/** Accounts that failed sign-ins have locked, for the operator to unlock. */
export function LockedAccounts() {
  const locked = useLockedAccounts();
  if (locked.error) return <Alert>{getErrorMessage(locked.error, 'Failed to load locked accounts. Please try again.')}</Alert>;
  if (!locked.data) return <Spinner label="Loading locked accounts..." />;
  const items = locked.data.items;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        After 10 wrong passwords in 15 minutes, an account is locked for the address they came from. Unlocking lets every address try again
        at once.
      </p>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">No account is locked.</p>
      ) : (
        <ul aria-label="Locked accounts" className="divide-y divide-slate-200">
          {items.map((account) => (
            <LockedAccountRow key={account.userId} account={account} />
          ))}
        </ul>
      )}
    </div>
  );
}
