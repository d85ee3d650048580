import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { FirmRole, User } from '@/lib/api/types';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** A signed-in person of the given firm role, for `renderWithProviders({ user })`. */
export function testUser(firmRole: FirmRole, extra: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Ada Lovelace',
    email: 'ada@lovelace.law',
    lawFirm: 'Lovelace Law',
    firmSize: 'E6_20',
    firm: { id: 1, name: 'Lovelace Law', size: 'E6_20' },
    firmRole,
    isAdmin: false,
    ...extra,
  };
}

/**
 * Renders `ui` with the providers of the signed-in app (the query cache, a fresh one; the
 * tooltips' timing; the toasts, here at once) and an in-memory address. `user` puts that person in
 * the cache as signed in, as the sign-in guard would.
 */
export function renderWithProviders(ui: ReactElement, { path = '/', user }: { path?: string; user?: User } = {}) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  if (user) queryClient.setQueryData(queryKeys.me, user);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {ui}
        </Router>
      </TooltipProvider>
      <Toaster />
    </QueryClientProvider>,
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
