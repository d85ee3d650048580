import type { ComponentType, ReactNode } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { onDemandComponent, type OnDemandComponent } from '@/lib/on-demand-component';

export const loading: ReactNode = (
  <div className="flex justify-center py-16">
    <Spinner label="Loading..." />
  </div>
);

/** A screen whose code arrives on demand, with a way to fetch that code ahead of time. */
export type OnDemandScreen = OnDemandComponent;

/**
 * Code that arrives when it is first needed: the sign-in screen loads only what it needs, and the
 * signed-in app (layout, screens, charts, dialogs) comes in chunks. Until a screen's code is here
 * it shows "Loading..." (or `fallback`), without suspending (lib/on-demand-component.tsx), so the
 * screen and its data requests follow the code at once.
 */
export function onDemand<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, fallback: ReactNode = loading): OnDemandScreen {
  return onDemandComponent(load, pick, fallback);
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
