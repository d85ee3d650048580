/**
 * The one HTTP client of the app: openapi-fetch over the generated `paths` (./api/schema.d.ts,
 * from the server's own description), so a path, a path or query parameter, or a body or answer
 * field the API does not have is a TypeScript error. Every call sends the session cookie and
 * speaks JSON; {@link sessionAndErrors}, the one middleware, turns a non-OK answer into an
 * {@link ApiError}. The server answers every error as `{"error": "<message a person can read>"}`;
 * that message becomes the error's message.
 *
 * Call it as `unwrap(client.GET('/api/firm', { signal }))`: the answer's data, or a thrown ApiError.
 */
import createClient, { type Middleware } from 'openapi-fetch';

import type { paths } from './api/schema';

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
  /** The server's machine-readable `code`, when it sent one (e.g. `mfa_setup_required`). */
  readonly code: string | undefined;

  constructor(status: number, message: string, serverMessage?: string, reason?: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.reason = reason;
    this.code = code;
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
 * Builds `a=1&b=x,y` from an object: empty values (undefined, null, '', []) are left out (the
 * server reads an empty value as absent) and arrays are joined by commas. Returns '' when nothing
 * is left.
 */
export function buildQueryString(params: Record<string, unknown>): string {
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
export function withQuery(path: string, params?: Record<string, unknown>): string {
  const query = params ? buildQueryString(params) : '';
  return query ? `${path}?${query}` : path;
}

/** The query parameters the API description gives a path's GET (none when it has no GET). */
type GetQuery<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : Record<string, never>;

/**
 * The address of an API path for what is not a JSON call (a CSV download link, a multipart
 * upload): the path, and each query parameter, must be one the API description has.
 */
export function apiUrl<P extends keyof paths>(path: P, query?: { [K in keyof GetQuery<P>]?: string }): string {
  return withQuery(path, query);
}

/** The `error`, `reason` and `code` of an error body, when it is one. */
function readErrorBody(text: string): { message?: string; reason?: string; code?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const { error, reason, code } = parsed as { error?: unknown; reason?: unknown; code?: unknown };
      return {
        message: typeof error === 'string' && error.trim() !== '' ? error : undefined,
        reason: typeof reason === 'string' && reason !== '' ? reason : undefined,
        code: typeof code === 'string' && code !== '' ? code : undefined,
      };
    }
  } catch {
    // Not JSON: fall back to the status line below.
  }
  return {};
}

/**
 * The ApiError of a non-OK answer: the server's `error` text (else "<status>: <body or status
 * text>"), with its `reason` and `code`. Also for the uploads that do not go through `client`
 * (lib/upload.ts).
 */
export function apiErrorOf(status: number, body: string, statusText: string): ApiError {
  const { message: serverMessage, reason, code } = readErrorBody(body);
  return new ApiError(status, serverMessage ?? `${status}: ${body || statusText}`, serverMessage, reason, code);
}

/**
 * The error and session handling of every call. State-changing calls always declare JSON, even
 * without a payload. A non-OK answer throws an ApiError with the server's `error` text (else
 * "<status>: <body or status text>") and, on a 401 for a session the server ended, its `reason`
 * (the query cache's 401 handler then signs the person out and sign-in says why). An unreachable
 * server is status 0; an aborted call stays an AbortError.
 */
export const sessionAndErrors: Middleware = {
  onRequest({ request }) {
    if (request.method !== 'GET' && !request.headers.has('Content-Type')) {
      request.headers.set('Content-Type', 'application/json');
    }
    return request;
  },
  async onResponse({ response }) {
    if (response.ok) return undefined;
    throw apiErrorOf(response.status, await response.text(), response.statusText);
  },
  onError({ error }) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    return new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  },
};

/**
 * openapi-fetch builds a Request; this hands `fetch` the same relative address and init the app
 * has always sent, and reads `fetch` at call time (so a test's stand-in is the one used).
 */
async function send(request: Request): Promise<Response> {
  const { pathname, search } = new URL(request.url);
  const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  return globalThis.fetch(pathname + search, {
    method: request.method,
    headers: Object.fromEntries(request.headers),
    body: text === '' ? undefined : text,
    credentials: 'include',
    signal: request.signal,
  });
}

/** Every call reads JSON: an answer's other media (the audit log's CSV) are for links, see {@link apiUrl}. */
export const client = createClient<paths, `${string}/json`>({
  headers: { Accept: 'application/json' },
  credentials: 'include',
  querySerializer: buildQueryString,
  fetch: send,
});
client.use(sessionAndErrors);

/**
 * The data of a call's answer. An answer that is not OK never gets here: the middleware threw
 * it as an ApiError. A 204 answers undefined.
 */
export async function unwrap<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data } = await call;
  return data as T;
}
