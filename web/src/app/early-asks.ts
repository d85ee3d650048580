import { meQueryOptions } from '@/lib/auth';
import { appQueryClient } from '@/lib/query-root';

import { signedInScreens } from './screens';

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The parameters of `pathname` under a registry path (`/vendors/:id`), or null when it does not match. */
export function pathParams(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const source = escape(pattern).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${source}/?$`).exec(pathname);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
}

/** See ask-early.ts: the signed-in screen at `pathname`, its code and its data, and who is signed in. */
export function askEarly(pathname: string, search: string) {
  for (const screen of signedInScreens) {
    const params = pathParams(screen.path, pathname);
    if (!params) continue;
    const queryClient = appQueryClient();
    void queryClient.prefetchQuery(meQueryOptions());
    void screen.component.preload?.().catch(() => undefined); // A failed load is retried when it is shown.
    screen.prefetch?.(params, queryClient, search);
    return;
  }
}
