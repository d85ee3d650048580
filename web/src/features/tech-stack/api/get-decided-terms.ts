import { useQuery } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';

/** What a final decision on a tool agreed: its cost in cents and its start date (YYYY-MM-DD). */
export type DecidedTerms = { decisionId: number; annualCost: number; startDate: string; finalAt: string | null };

/**
 * The terms of the firm's latest final decision that chose the tool, or null: a contract saved
 * for the first time starts from them rather than asking again for what the decision holds.
 */
export async function getDecidedTerms(toolId: number, signal?: AbortSignal): Promise<DecidedTerms | null> {
  const list = await unwrap(client.GET('/api/decisions', { signal }));
  // Newest first: the first final one is the latest.
  const final = list.items.find((d) => d.vendorId === toolId && d.status === 'final');
  if (!final) return null;
  const decision = await unwrap(client.GET('/api/decisions/{id}', { params: { path: { id: final.id } }, signal }));
  return { decisionId: decision.id, annualCost: decision.annualCost, startDate: decision.startDate, finalAt: decision.finalAt ?? null };
}

/** Under the decisions' key, so that whatever refreshes the decisions refreshes this too. */
export function useDecidedTerms(toolId: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: ['decisions', 'decided-terms', toolId],
    queryFn: ({ signal }) => getDecidedTerms(toolId, signal),
    enabled,
    staleTime: 0,
  });
}
