import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { Contract, ContractRequest } from '@/lib/api/types';

import { renewalsQueryKey } from './get-renewals';

/** Saves a tool's contract; the answer has its next renewal and opt-out deadline. */
export function saveContract({ toolId, body }: { toolId: number; body: ContractRequest }): Promise<Contract> {
  return unwrap(client.PUT('/api/techstack/{toolId}/contract', { params: { path: { toolId } }, body }));
}

export function useSaveContract({ onSuccess }: { onSuccess?: (contract: Contract) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContract,
    onSuccess: (contract) => {
      void queryClient.invalidateQueries({ queryKey: renewalsQueryKey });
      onSuccess?.(contract);
    },
  });
}
