import { lazy, type ComponentType } from 'react';

import { Spinner } from '@/components/ui/spinner';

/**
 * Code that arrives when it is first shown: the sign-in screen loads only what it needs, and the
 * signed-in app (layout, screens, charts, dialogs) comes in chunks on demand.
 */
export function onDemand<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

export const loading = (
  <div className="flex justify-center py-16">
    <Spinner label="Loading..." />
  </div>
);

