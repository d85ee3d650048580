import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError, buildQueryString, client, getErrorMessage, unwrap, withQuery } from './api-client';

function answer(status: number, body: string, statusText = '') {
  return vi.fn(async () => new Response(body === '' ? null : body, { status, statusText }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client errors', () => {
  it('uses the server’s JSON error text as the message and keeps the status', async () => {
    vi.stubGlobal('fetch', answer(409, '{"error":"An account with this email already exists"}'));
    const error = await unwrap(
      client.POST('/api/auth/sign-up', { body: { email: 'a@b.co', name: 'A', password: 'x', lawFirm: 'L', firmSize: 'SOLO' } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('An account with this email already exists');
    expect((error as ApiError).serverMessage).toBe('An account with this email already exists');
    expect((error as ApiError).status).toBe(409);
  });

  it('keeps why the server ended a session, and no reason when it gave none', async () => {
    const said = '{"error":"You were signed out because your password was changed.","reason":"password_changed"}';
    vi.stubGlobal('fetch', answer(401, said));
    const ended = (await unwrap(client.GET('/api/auth/me')).catch((e: unknown) => e)) as ApiError;
    expect(ended.reason).toBe('password_changed');
    expect(ended.serverMessage).toBe('You were signed out because your password was changed.');
    vi.stubGlobal('fetch', answer(401, '{"error":"You are not signed in. Please sign in to continue."}'));
    const plain = (await unwrap(client.GET('/api/auth/me')).catch((e: unknown) => e)) as ApiError;
    expect(plain.reason).toBeUndefined();
  });

  it('falls back to "<status>: <body>" when the body has no error field', async () => {
    vi.stubGlobal('fetch', answer(502, 'Bad gateway from proxy'));
    const error = (await unwrap(client.GET('/api/trends')).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad gateway from proxy');
    expect(error.serverMessage).toBeUndefined();
    expect(error.status).toBe(502);
  });

  it('falls back to the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', answer(503, '', 'Service Unavailable'));
    const error = (await unwrap(client.GET('/api/trends')).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
  });

  it('shows the server message, or the screen’s fallback when there is none', () => {
    expect(getErrorMessage(new ApiError(401, 'Invalid email or password', 'Invalid email or password'), 'Failed to sign in')).toBe(
      'Invalid email or password',
    );
    expect(getErrorMessage(new ApiError(500, '500: oops'), 'Failed to sign in')).toBe('Failed to sign in');
    expect(getErrorMessage(new TypeError('boom'), 'Failed to sign in')).toBe('Failed to sign in');
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await unwrap(client.GET('/api/auth/me')).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });
});

describe('api client requests', () => {
  it('sends the cookie and a JSON body, and reads a JSON answer', async () => {
    const fetchMock = answer(200, '{"user":{"name":"Ada"}}');
    vi.stubGlobal('fetch', fetchMock);
    const result = await unwrap(client.POST('/api/auth/sign-in', { body: { email: 'a@b.co', password: 'x' } }));
    expect(result.user?.name).toBe('Ada');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/sign-in');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init.headers).get('Accept')).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.co","password":"x"}');
  });

  it('answers undefined for 204 No Content', async () => {
    const fetchMock = answer(204, '');
    vi.stubGlobal('fetch', fetchMock);
    await expect(unwrap(client.POST('/api/auth/sign-out'))).resolves.toBeUndefined();
    // State-changing calls declare JSON even without a payload, and send no body.
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(init.body).toBeUndefined();
  });

  it('adds the query string to reads', async () => {
    const fetchMock = answer(200, '[]');
    vi.stubGlobal('fetch', fetchMock);
    await unwrap(client.GET('/api/vendors', { params: { query: { categoryIds: '1,2', q: '', page: 2 } } }));
    expect(fetchMock.mock.calls[0]?.[0 as never]).toBe('/api/vendors?categoryIds=1,2&page=2');
  });
});

describe('api client paths', () => {
  it('fills path parameters, encoded, and keeps an aborted call an AbortError', async () => {
    const fetchMock = answer(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await unwrap(client.GET('/api/vendors/{id}', { params: { path: { id: 'a b/c' } } }));
    expect(fetchMock.mock.calls[0]?.[0 as never]).toBe('/api/vendors/a%20b%2Fc');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('stopped', 'AbortError'))),
    );
    const aborted = await unwrap(client.GET('/api/auth/me')).catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(DOMException);
    expect((aborted as DOMException).name).toBe('AbortError');
  });
});

describe('buildQueryString', () => {
  it('leaves out empty values', () => {
    expect(buildQueryString({ a: undefined, b: null, c: '', d: [], e: 'x' })).toBe('e=x');
  });

  it('joins arrays with commas', () => {
    expect(buildQueryString({ categoryIds: [3, 7, 12] })).toBe('categoryIds=3,7,12');
  });

  it('keeps numbers, booleans and zero', () => {
    expect(buildQueryString({ page: 0, includeInactive: true, flag: false })).toBe('page=0&includeInactive=true&flag=false');
  });

  it('encodes reserved characters but keeps commas readable', () => {
    expect(buildQueryString({ q: 'a&b c', showCategory: 'Trial Prep, Presentation' })).toBe(
      'q=a%26b%20c&showCategory=Trial%20Prep,%20Presentation',
    );
  });

  it('is empty when nothing is left, and withQuery then adds no "?"', () => {
    expect(buildQueryString({ q: '' })).toBe('');
    expect(withQuery('/api/vendors', { q: '' })).toBe('/api/vendors');
    expect(withQuery('/api/vendors', { q: 'intake' })).toBe('/api/vendors?q=intake');
  });
});
