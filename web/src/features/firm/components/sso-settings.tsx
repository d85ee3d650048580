import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';

import { useSso } from '../api/get-sso';
import { SsoForm } from './sso-form';

/** /firm's "Single sign-on" for owners: the firm's OpenID Connect provider and its domains. */
export function SsoSettings() {
  const sso = useSso(true);
  if (sso.isError) return <Alert>{getErrorMessage(sso.error, 'Failed to load single sign-on. Please try again.')}</Alert>;
  if (!sso.data) return <Spinner size="sm" label="Loading single sign-on..." />;
  return <SsoForm key={JSON.stringify(sso.data)} saved={sso.data} />;
}
