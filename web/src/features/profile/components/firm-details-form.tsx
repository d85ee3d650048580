import type { FirmDetails } from '@/lib/api/types';
import { useFirmAccess } from '@/lib/auth';

import { FirmDetailsText } from './firm-details-text';
import { FirmDetailsEditor } from './firm-details-editor';

/**
 * The four onboarding answers, the firm's: editable by its owners and admins, shown as text to
 * everyone else (the server refuses their change).
 */
export function FirmDetailsForm({ details }: { details: FirmDetails | null }) {
  const { canManage } = useFirmAccess();
  return canManage ? <FirmDetailsEditor details={details} /> : <FirmDetailsText details={details} />;
}
