import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { CategoryAdoptionList, TechStackSaveItem } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

import { categoryAdoptionQueryKey } from './get-category-adoption';
import { coverageQueryKey } from './get-coverage';

/** Each answered category; vendors only with `hasTool: true`. */
export function saveTechStack(items: TechStackSaveItem[]): Promise<CategoryAdoptionList> {
  return unwrap(client.POST('/api/profile/category-adoption', { body: { items } }));
}

export function useSaveTechStack({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTechStack,
    onSuccess: (saved) => {
      // The answer is the whole stack as saved: shown at once, the rest read in the background.
      queryClient.setQueryData(categoryAdoptionQueryKey, saved);
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryAdoptionQueryKey }),
        // The recommendations overview reads the tech stack.
        queryClient.invalidateQueries({ queryKey: queryKeys.recommendationsOverview }),
        queryClient.invalidateQueries({ queryKey: coverageQueryKey }),
      ]);
      onSuccess?.();
    },
    onError,
  });
}
