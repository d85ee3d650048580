import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { LockedAccount } from '@/lib/api/types';

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

/** A locked account: why, how long until it unlocks by itself, and Unlock. */
export function LockedAccountRow({ account }: { account: LockedAccount }) {
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
