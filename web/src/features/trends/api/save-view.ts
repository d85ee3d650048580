import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { NewSavedView, SavedView } from '@/lib/api/types';

import { savedViewsKey } from './get-saved-views';

/** Saves the screen's query string under a name, for the whole firm (the server answers 201). */
export function saveView(input: NewSavedView): Promise<SavedView> {
  return unwrap(client.POST('/api/views', { body: input }));
}

export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveView,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...savedViewsKey] }),
  });
}
