import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiUrl } from '@/lib/api-client';
import type { ImportReport } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';
import { upload, type UploadProgress } from '@/lib/upload';

export const IMPORT_URL = apiUrl('/api/admin/demo-bookings/import');

/** Uploads `file` as the multipart field "file", reporting the upload's progress. */
export function importCsv(file: File, onProgress?: (progress: UploadProgress) => void): Promise<ImportReport> {
  const form = new FormData();
  form.append('file', file);
  return upload<ImportReport>(IMPORT_URL, form, { onProgress });
}

/** Every cached read an import can change. */
export const keysChangedByImport = [
  queryKeys.trends,
  queryKeys.demoBookings,
  queryKeys.trendCities,
  queryKeys.filterOptions,
  queryKeys.vendors,
  queryKeys.categories,
] as const;

export function useImportCsv({ onProgress }: { onProgress?: (progress: UploadProgress) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importCsv(file, onProgress),
    onSuccess: () => Promise.all(keysChangedByImport.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
