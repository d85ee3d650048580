import { useUser } from '@/lib/auth';

import { AdminAccessRequired } from './admin-access-required';
import { FirmAdminScreen } from './firm-admin-screen';

/** /admin/firms for the operator; everyone else is told it needs an admin. */
export function FirmAdminPage() {
  const user = useUser();
  if (!user.data?.isAdmin) {
    return (
      <AdminAccessRequired title="Firms">
        Only the person who runs this Litstack can verify, disable or merge firms and choose who can sign up.
      </AdminAccessRequired>
    );
  }
  return <FirmAdminScreen ownFirmId={user.data.firm.id} />;
}
