import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useNotificationPrefs } from '../api/get-notification-prefs';
import { NotificationPrefsForm } from './notification-prefs-form';

/** Per kind of notice: by email, in the app (the bell). A security kind's email stays on. */
export function NotificationsForm() {
  const prefs = useNotificationPrefs();
  if (prefs.isPending) return <Spinner label="Loading your notification settings..." />;
  if (prefs.isError)
    return (
      <p role="alert" className="text-sm text-slate-700">
        {getErrorMessage(prefs.error, 'Failed to load your notification settings.')}
      </p>
    );
  return <NotificationPrefsForm key={JSON.stringify(prefs.data.kinds)} kinds={prefs.data.kinds} />;
}
