import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { LockedAccount } from '@/lib/api/types';

import { useLockedAccounts } from '../api/get-locked-accounts';
import { useUnlockAccount } from '../api/unlock-account';
import { OperatorResetLink } from './operator-reset-link';

function minutesLeft(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function why(account: LockedAccount): string {
  if (account.accountWide) {
    return `${account.failures} failed sign-ins from many places: addresses that failed wait, others can still sign in`;
  }
  const clients = account.lockedClients;
  return `Too many failed sign-ins from ${clients} address${clients === 1 ? '' : 'es'}`;
}

function LockedAccountRow({ account }: { account: LockedAccount }) {
  const unlock = useUnlockAccount();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{account.name}</p>
        <p className="truncate text-sm text-slate-600">{account.email}</p>
        <p className="text-sm text-slate-600">
          {why(account)}. Unlocks by itself in {minutesLeft(account.secondsLeft)}.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={unlock.isPending}
          aria-label={`Unlock ${account.email}`}
          onClick={() =>
            unlock.mutate(account.userId, {
              onSuccess: () => toast({ title: 'Account unlocked', description: `${account.email} can sign in again.` }),
              onError: (error) => toast({ title: 'Could not unlock', description: getErrorMessage(error, 'Please try again.') }),
            })
          }
        >
          {unlock.isPending ? 'Unlocking...' : 'Unlock'}
        </Button>
        <OperatorResetLink userId={account.userId} name={account.name} email={account.email} />
      </div>
    </li>
  );
}

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
