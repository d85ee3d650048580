import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useMailSettings } from '../api/get-mail-settings';
import { MailSettingsForm } from './mail-settings-form';

/** The saved settings loaded, then the form (which starts from them). */
export function MailSettingsSection() {
  const settings = useMailSettings();
  if (settings.error) return <Alert>{getErrorMessage(settings.error, 'Failed to load the mail settings. Please try again.')}</Alert>;
  if (!settings.data) return <Spinner label="Loading the mail settings..." />;
  return <MailSettingsForm saved={settings.data} />;
}
