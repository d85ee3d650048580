import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, client } from '@/lib/api-client';
import type { FirmExportRequest } from '@/lib/api/types';
import { filenameFromContentDisposition } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';

import { firmKeys } from './keys';

/** The firm's archive and the name the server gives it. */
export type FirmArchive = { blob: Blob; fileName: string };

/**
 * Everything the firm holds on this install as one zip (owners; an owner with two-step sign-in
 * gives a current code or a recovery code). A refusal throws an ApiError with the server's message.
 */
export async function exportFirm(input: FirmExportRequest): Promise<FirmArchive> {
  const { data, response } = await client.POST('/api/firm/export', {
    body: input,
    headers: { Accept: 'application/zip, application/json' },
    parseAs: 'blob',
  });
  if (!data) throw new ApiError(response.status, 'The server sent no file. Please try again.');
  const fileName = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? 'litstack-firm.zip';
  return { blob: data, fileName };
}

export function useExportFirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exportFirm,
    onSuccess: (_archive, input) => {
      // The audit log records the export; a recovery code used leaves one fewer.
      void queryClient.invalidateQueries({ queryKey: firmKeys.audit });
      if (input.code) void queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
    },
    onError: (error) => {
      // Asked for a code the screen did not ask for (two-step sign-in turned on elsewhere): read
      // the status again, and the field appears.
      if (error instanceof ApiError && error.status === 400) void queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
    },
  });
}
