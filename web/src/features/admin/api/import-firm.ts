import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiUrl } from '@/lib/api-client';
import type { ImportedFirm } from '@/lib/api/types';
import { upload, type UploadProgress } from '@/lib/upload';

import { adminFirmsKey } from './get-admin-firms';

/** The largest archive the server takes (`firms::import::MAX_ARCHIVE`), checked before sending one. */
export const MAX_ARCHIVE_BYTES = 128 * 1024 * 1024;

/**
 * Sends a firm's archive (the zip as it is, the request's whole body) to be loaded as a new firm
 * of this install. A refusal rejects with the server's message: not an archive, damaged, newer
 * than this install, naming a vendor or category this catalog lacks, or an email taken here.
 */
export function importFirm(archive: Blob, onProgress?: (progress: UploadProgress) => void): Promise<ImportedFirm> {
  return upload<ImportedFirm>(apiUrl('/api/admin/firms/import'), archive, { contentType: 'application/zip', onProgress });
}

export function useImportFirm({ onProgress }: { onProgress?: (progress: UploadProgress) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (archive: Blob) => importFirm(archive, onProgress),
    // The new firm joins the list (its single sign-on domains are not carried over).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminFirmsKey] }),
  });
}
