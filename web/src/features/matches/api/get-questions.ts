import { queryOptions, useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Question } from '@/lib/api/types';

export const questionsQueryKey = (categoryId: number) => ['questions', categoryId] as const;

export async function getQuestions(categoryId: number): Promise<Question[]> {
  try {
    return await unwrap(client.GET('/api/questions/{category_id}', { params: { path: { category_id: categoryId } } }));
  } catch (cause) {
    throw new Error('Failed to fetch questions', { cause });
  }
}

export const questionsQueryOptions = (categoryId: number) =>
  queryOptions({ queryKey: questionsQueryKey(categoryId), queryFn: () => getQuestions(categoryId) });

export function useQuestions(categoryId: number | undefined) {
  return useQuery({ ...questionsQueryOptions(categoryId ?? 0), enabled: categoryId !== undefined });
}
