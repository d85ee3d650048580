import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, client } from '@/lib/api-client';
import type { BackupRequest } from '@/lib/api/types';
import { filenameFromContentDisposition } from '@/lib/download';
import { queryKeys } from '@/lib/query-keys';

/** The install's backup and the name the server gives it. */
export type Backup = { blob: Blob; fileName: string };

/**
 * A consistent copy of the whole database, made while the server runs (the operator; one with
 * two-step sign-in gives a current code or a recovery code). A refusal throws an ApiError with the
 * server's message (a wrong code; on a hub node, how to back up PostgreSQL instead).
 */
export async function downloadBackup(input: BackupRequest): Promise<Backup> {
  const { data, response } = await client.POST('/api/admin/backup', {
    body: input,
    headers: { Accept: 'application/octet-stream, application/json' },
    parseAs: 'blob',
  });
  if (!data) throw new ApiError(response.status, 'The server sent no file. Please try again.');
  const fileName = filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? 'litstack-backup.redb';
  return { blob: data, fileName };
}

export function useDownloadBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadBackup,
    onSuccess: (_backup, input) => {
      // A recovery code used leaves one fewer.
      if (input.code) void queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
    },
    onError: (error) => {
      // Asked for a code the screen did not ask for (two-step sign-in turned on elsewhere): read
      // the status again, and the field appears.
      if (error instanceof ApiError && error.status === 400) void queryClient.invalidateQueries({ queryKey: queryKeys.mfa });
    },
  });
}
