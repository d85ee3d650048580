import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/** Renders `ui` with the app's providers, a fresh query cache and an in-memory address. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProvider>,
  );
  return { ...result, location, queryClient };
}

type MockAnswer = { status?: number; body?: unknown };

/**
 * A fetch stand-in answering JSON per "METHOD /path" (an answer or a function giving one, for
 * a server whose state changes); unknown calls answer 404.
 */
export function mockFetch(routes: Record<string, MockAnswer | (() => MockAnswer)>) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const entry = routes[`${method} ${url.split('?')[0]}`];
    const route = typeof entry === 'function' ? entry() : entry;
    const status = route?.status ?? (route ? 200 : 404);
    const body = route ? route.body : { error: `No route ${method} ${url}` };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetchMock, calls };
}
