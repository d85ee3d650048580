import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FirmDeletion } from '@/lib/api/types';

import { adminFirmsKey } from './get-admin-firms';

/**
 * The operator schedules a firm's deletion after the install's waiting period; the server refuses
 * (409) a firm the operator is a member of. Answers the deletion as the firm's members read it.
 */
export function scheduleAdminFirmDeletion(firmId: number): Promise<FirmDeletion> {
  return unwrap(client.POST('/api/admin/firms/{firmId}/deletion', { params: { path: { firmId } } }));
}

export function useScheduleAdminFirmDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: scheduleAdminFirmDeletion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminFirmsKey] }),
  });
}
