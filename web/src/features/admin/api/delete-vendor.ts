import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { keysChangedByVendorEdit } from './update-vendor';

/** Deletes a vendor nothing refers to; a 409 names what still does. */
export function deleteVendor(id: number): Promise<void> {
  return unwrap(client.DELETE('/api/admin/vendors/{id}', { params: { path: { id } } }));
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVendor,
    onSuccess: () => Promise.all(keysChangedByVendorEdit.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
