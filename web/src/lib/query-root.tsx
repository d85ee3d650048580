import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';

import { createQueryClient } from './query-client';
import { queryCacheRef } from './query-cache-ref';

/** The app's one query cache, made when its code first arrives and shared by every screen. */
export function appQueryClient(): QueryClient {
  return (queryCacheRef.current ??= createQueryClient());
}

/**
 * Puts the app's query cache around a screen that arrived on demand (the sign-in screen works
 * without it, so its code is not in the first screen's JavaScript). Where a cache is already in
 * place (the unit tests' own), that one stays.
 */
export function QueryRoot({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
