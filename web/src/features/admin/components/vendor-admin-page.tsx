import { useUser } from '@/lib/auth';

import { AdminAccessRequired } from './admin-access-required';
import { VendorAdminScreen } from './vendor-admin-screen';

/** /admin/vendors for admins; everyone else is told it needs an admin. */
export function VendorAdminPage() {
  const user = useUser();
  if (!user.data?.isAdmin) {
    return (
      <AdminAccessRequired title="Manage Vendors">
        Only administrators can change a vendor’s partner status, whether it is active, and its links. Ask an administrator of this Litstack
        to make the change, or to make your account an admin.
      </AdminAccessRequired>
    );
  }
  return <VendorAdminScreen />;
}
