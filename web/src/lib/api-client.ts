/**
 * The one HTTP client of the app. Every call sends the session cookie, speaks JSON and turns a
 * non-OK answer into an {@link ApiError}. The server answers every error as
 * `{"error": "<message a person can read>"}`; that message becomes the error's message.
 */

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type QueryParams = Record<string, QueryValue>;

export class ApiError extends Error {
  /** HTTP status, or 0 when the server could not be reached. */
  readonly status: number;
  /** The server's own `error` text, when it sent one. */
  readonly serverMessage: string | undefined;
  /**
   * Why the server ended the session, on a 401 for a cookie whose session it ended (a password
   * change, a removal from the firm...); `serverMessage` then says it in words.
   */
  readonly reason: string | undefined;

  constructor(status: number, message: string, serverMessage?: string, reason?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.reason = reason;
  }
}

/** What to show a person for a failed call: the server's message, else the screen's fallback. */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

// Commas stay readable: list values are joined by commas and the server splits on them.
function encodeQueryComponent(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

/**
 * Builds `a=1&b=x,y` from an object: empty values (undefined, null, '', []) are left out and
 * arrays are joined by commas. Returns '' when nothing is left.
 */
export function buildQueryString(params: QueryParams): string {
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(params)) {
    if (raw === undefined || raw === null) continue;
    const value = Array.isArray(raw) ? raw.join(',') : String(raw);
    if (value === '') continue;
    parts.push(`${encodeQueryComponent(key)}=${encodeQueryComponent(value)}`);
  }
  return parts.join('&');
}

/** `path` plus `?query` when the query is not empty. */
export function withQuery(path: string, params?: QueryParams): string {
  const query = params ? buildQueryString(params) : '';
  return query ? `${path}?${query}` : path;
}

type RequestOptions = {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
};

/** The `error` and `reason` of an error body, when it is one. */
function readErrorBody(text: string): { message?: string; reason?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const { error, reason } = parsed as { error?: unknown; reason?: unknown };
      return {
        message: typeof error === 'string' && error.trim() !== '' ? error : undefined,
        reason: typeof reason === 'string' && reason !== '' ? reason : undefined,
      };
    }
  } catch {
    // Not JSON: fall back to the status line below.
  }
  return {};
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (method !== 'GET') {
    // State-changing calls always declare JSON, even without a payload.
    headers['Content-Type'] = 'application/json';
  }

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }

  const text = await response.text();
  if (!response.ok) {
    const { message: serverMessage, reason } = readErrorBody(text);
    const message = serverMessage ?? `${response.status}: ${text || response.statusText}`;
    throw new ApiError(response.status, message, serverMessage, reason);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
