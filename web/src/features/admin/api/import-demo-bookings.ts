import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiUrl } from '@/lib/api-client';
import type { ImportReport } from '@/lib/api/types';
import { queryKeys } from '@/lib/query-keys';

export type UploadProgress = { loaded: number; total: number };

export const IMPORT_URL = apiUrl('/api/admin/demo-bookings/import');

function serverMessage(xhr: XMLHttpRequest): string | undefined {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error.trim()) return body.error;
  } catch {
    // Not JSON (a proxy's error page, say): no message of the server's own.
  }
  return undefined;
}

/**
 * Uploads `file` as the multipart field "file". XMLHttpRequest rather than fetch, because only
 * it reports upload progress. Rejects with an ApiError carrying the server's message.
 */
export function importCsv(file: File, onProgress?: (progress: UploadProgress) => void): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', IMPORT_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as ImportReport);
        } catch {
          reject(new ApiError(xhr.status, 'The server answered with something other than an import report.'));
        }
        return;
      }
      const message = serverMessage(xhr);
      reject(new ApiError(xhr.status, message ?? `${xhr.status}: ${xhr.statusText || 'Import failed'}`, message));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled.'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
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
