import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { adminFirmsKey } from './get-admin-firms';

/** The operator takes a firm's scheduled deletion back: the firm stays. */
export function keepAdminFirm(firmId: number): Promise<void> {
  return unwrap(client.DELETE('/api/admin/firms/{firmId}/deletion', { params: { path: { firmId } } }));
}

export function useKeepAdminFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepAdminFirm,
    // A refusal (taken back already, by an owner of the firm) refreshes the list too: it shows what stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...adminFirmsKey] }),
  });
}
