import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { PickForMeAnswer } from '@/lib/api/types';

import { persistedQueryKey } from './get-persisted';
import { invalidatePicks } from './invalidate';

/**
 * `replaceQuestionnaire`: also replace the picks the firm's questionnaires produced (left out,
 * the server keeps them and fills the other categories).
 */
export async function pickForMe({ replaceQuestionnaire = false }: { replaceQuestionnaire?: boolean } = {}): Promise<PickForMeAnswer> {
  try {
    const replace = replaceQuestionnaire ? 'questionnaire' : undefined;
    return await unwrap(client.POST('/api/recommendations/pick-for-me', { params: { query: { replace } } }));
  } catch (cause) {
    throw new Error('Failed to fetch Pick For Me recommendations', { cause });
  }
}

/** Picks up to three vendors per stage from what similar firms book; says whether the evidence changed. */
export function usePickForMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (options: { replaceQuestionnaire?: boolean } = {}) => pickForMe(options),
    onSuccess: (data) => {
      client.setQueryData(persistedQueryKey, data);
      void invalidatePicks(client);
    },
  });
}
