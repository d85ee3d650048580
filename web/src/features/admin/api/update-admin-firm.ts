import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { AdminFirmEnvelope, AdminFirmUpdate } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { adminFirmsKey } from './get-admin-firms';

/** Verifies or unverifies, disables or enables a firm; only the fields `update` names change. */
export function updateAdminFirm(id: number, update: AdminFirmUpdate): Promise<AdminFirmEnvelope> {
  return unwrap(client.PATCH('/api/admin/firms/{firm_id}', { params: { path: { firm_id: id } }, body: update }));
}

export function useUpdateAdminFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: AdminFirmUpdate }) => updateAdminFirm(id, update),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminFirmsKey] }),
        // Verifying a firm changes which firms count as evidence on the vendor screens.
        queryClient.invalidateQueries({ queryKey: [...queryKeys.vendors] }),
      ]),
  });
}
