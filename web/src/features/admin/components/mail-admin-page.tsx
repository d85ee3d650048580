import { PageHeader } from '@/components/ui/page-header';
import { useUser } from '@/lib/auth';

import { AdminAccessRequired } from './admin-access-required';
import { AdminSection } from './admin-section';
import { MailSettingsSection } from './mail-settings-section';
import { OutboxList } from './outbox-list';
import { TestMailForm } from './test-mail-form';

/** /admin/mail for the operator: the mail server, a test message, and the outbox. */
export function MailAdminPage() {
  const user = useUser();
  if (!user.data?.isAdmin) {
    return (
      <AdminAccessRequired title="Mail">
        Only the person who runs this Litstack can set the mail server and see the messages it sends.
      </AdminAccessRequired>
    );
  }
  return (
    <>
      <PageHeader
        title="Mail"
        description="The mail server Litstack sends invitations and password-reset links through, and every message it has sent or is waiting to send."
      />
      <div className="space-y-6">
        <AdminSection title="Mail server">
          <MailSettingsSection />
        </AdminSection>
        <AdminSection title="Send a test email">
          <TestMailForm ownEmail={user.data.email} />
        </AdminSection>
        <AdminSection title="Outbox">
          <OutboxList />
        </AdminSection>
      </div>
    </>
  );
}
