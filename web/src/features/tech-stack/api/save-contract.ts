import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Contract, ContractRequest, RenewalList } from '@/lib/api/types';

import { renewalsQueryKey } from './get-renewals';

/** Saves a tool's contract; the answer has its next renewal and opt-out deadline. */
export function saveContract({ toolId, body }: { toolId: number; body: ContractRequest }): Promise<Contract> {
  return unwrap(client.PUT('/api/techstack/{toolId}/contract', { params: { path: { toolId } }, body }));
}

/** The list with `contract` in place of the tool's, in the server's order: soonest deadline first, then by name. */
export function withContract(list: RenewalList, contract: Contract): RenewalList {
  const items = [...list.items.filter((c) => c.toolId !== contract.toolId), contract];
  items.sort(
    (a, b) =>
      a.daysUntilDeadline - b.daysUntilDeadline ||
      (a.toolName.toLowerCase() < b.toolName.toLowerCase() ? -1 : a.toolName.toLowerCase() > b.toolName.toLowerCase() ? 1 : 0),
  );
  return { ...list, items };
}

export function useSaveContract({ onSuccess }: { onSuccess?: (contract: Contract) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContract,
    onSuccess: (contract) => {
      // The answer is the contract with its deadline: the row shows it at once; the list is
      // read again in the background.
      queryClient.setQueryData<RenewalList>(renewalsQueryKey, (list) => (list ? withContract(list, contract) : list));
      void queryClient.invalidateQueries({ queryKey: renewalsQueryKey });
      onSuccess?.(contract);
    },
  });
}
