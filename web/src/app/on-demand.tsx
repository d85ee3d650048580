import { lazy, type ComponentType } from 'react';

import { Spinner } from '@/components/ui/spinner';

/** A screen whose code arrives on demand, with a way to fetch that code ahead of time. */
export type OnDemandScreen = ComponentType & { preload: () => Promise<void> };

/**
 * Code that arrives when it is first needed: the sign-in screen loads only what it needs, and the
 * signed-in app (layout, screens, charts, dialogs) comes in chunks. Once a chunk is here the
 * screen renders straight away, without suspending: React holds a revealed Suspense fallback for
 * up to 300 ms, which would delay the screen and its data requests.
 */
export function onDemand<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): OnDemandScreen {
  let loaded: ComponentType | null = null;
  const fetchModule = () =>
    load().then((module) => {
      loaded = pick(module);
      return loaded;
    });
  const Lazy = lazy(() => fetchModule().then((component) => ({ default: component })));
  function Screen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Screen, { preload: () => fetchModule().then(() => undefined) });
}

/**
 * A screen on demand that reads the server through the query cache: the cache's code (TanStack
 * Query, lib/query-root.tsx) arrives alongside the screen's, in parallel, and wraps it.
 */
export function onDemandWithCache<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): OnDemandScreen {
  return onDemand(
    () => Promise.all([load(), import('@/lib/query-root')]),
    ([module, { QueryRoot }]) => {
      const Loaded = pick(module);
      return function WithCache() {
        return (
          <QueryRoot>
            <Loaded />
          </QueryRoot>
        );
      };
    },
  );
}

export const loading = (
  <div className="flex justify-center py-16">
    <Spinner label="Loading..." />
  </div>
);
