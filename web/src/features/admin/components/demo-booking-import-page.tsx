import { useUser } from '@/lib/auth';

import { AdminAccessRequired } from './admin-access-required';
import { DemoBookingImportScreen } from './demo-booking-import-screen';

/** /admin/import for admins; everyone else is told it needs an admin. */
export function DemoBookingImportPage() {
  const user = useUser();
  if (!user.data?.isAdmin) {
    return (
      <AdminAccessRequired title="Demo Booking Import">
        Only administrators can import demo bookings and vendors. Ask an administrator of this Litstack to import your file, or to make your
        account an admin.
      </AdminAccessRequired>
    );
  }
  return <DemoBookingImportScreen />;
}
