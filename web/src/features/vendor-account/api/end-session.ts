import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client } from '@/lib/api-client';

import { vendorSessionsKey } from './get-sessions';
import { vendorCall } from './vendor-call';

/** Ends one of the account's sessions (another browser); that browser is signed out. */
export function endVendorSession(id: number): Promise<void> {
  return vendorCall(client.DELETE('/api/vendor/sessions/{id}', { params: { path: { id } } }));
}

export function useEndVendorSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endVendorSession,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: vendorSessionsKey }),
  });
}
