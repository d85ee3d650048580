/**
 * A file sent to the API with its upload's progress: XMLHttpRequest rather than the API client's
 * fetch, because only it reports how much of a large body has gone, and it sends a binary body
 * as it is. Like every call of the API client it sends the session cookie, reads a JSON answer
 * and turns a non-OK answer into the same ApiError (the server's `error` text as its message).
 */
import { ApiError, apiErrorOf } from './api-client';

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = {
  /** The body's media type when it is a file sent as it is (a FormData sets its own). */
  contentType?: string;
  onProgress?: (progress: UploadProgress) => void;
};

/** POSTs `body` to `url` (from `apiUrl`) and answers the server's JSON. */
export function upload<T>(url: string, body: Blob | FormData, { contentType, onProgress }: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorOf(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as T);
      } catch {
        reject(new ApiError(xhr.status, 'The server’s answer could not be read. Please try again.'));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled.'));
    xhr.send(body);
  });
}
