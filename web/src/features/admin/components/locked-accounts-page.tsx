import { PageHeader } from '@/components/ui/page-header';
import { useUser } from '@/lib/auth';

import { AdminAccessRequired } from './admin-access-required';
import { AdminSection } from './admin-section';
import { LockedAccounts } from './locked-accounts';

/** /admin/locked-accounts for the operator: accounts that failed sign-ins have locked, to unlock or send a reset link. */
export function LockedAccountsPage() {
  const user = useUser();
  if (!user.data?.isAdmin) {
    return (
      <AdminAccessRequired title="Locked accounts">
        Only the person who runs this Litstack can unlock accounts that failed sign-ins have locked.
      </AdminAccessRequired>
    );
  }
  return (
    <>
      <PageHeader
        title="Locked accounts"
        description="Accounts of every firm on this Litstack that wrong passwords have locked for a while."
      />
      <AdminSection title="Locked now">
        <LockedAccounts />
      </AdminSection>
    </>
  );
}
