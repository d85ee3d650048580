import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

import { savedViewsKey } from './get-saved-views';

/** Deletes one of the firm's saved views (the server answers 204). */
export function deleteSavedView(id: number): Promise<void> {
  return unwrap(client.DELETE('/api/views/{id}', { params: { path: { id } } }));
}

export function useDeleteSavedView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...savedViewsKey] }),
  });
}
