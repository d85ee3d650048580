import { useMutation, useQueryClient } from '@tanstack/react-query';

import { client, unwrap } from '@/lib/api-client';
import type { FirmEnvelope, FirmUpdate } from '@/lib/api/types';
import type { Me } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

import { firmKeys } from './keys';

/** The firm's name and size (owners and admins). */
export function updateFirm(input: FirmUpdate): Promise<FirmEnvelope> {
  return unwrap(client.PATCH('/api/firm', { body: input }));
}

export function useUpdateFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFirm,
    onSuccess: ({ firm }) => {
      queryClient.setQueryData(firmKeys.detail, { firm });
      // The sidebar shows the firm's name from the current user: from the answer at once, the
      // user read again in the background.
      queryClient.setQueryData<Me | null>(queryKeys.me, (me) =>
        me ? { ...me, lawFirm: firm.name, firm: { ...me.firm, name: firm.name } } : me,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
