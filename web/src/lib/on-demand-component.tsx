import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** A component whose code arrives on demand, with a way to fetch that code ahead of time. */
export type OnDemandComponent<P extends object = object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A component whose code arrives when it is first needed, shown as `fallback` until then. It does
 * not suspend: React holds a revealed Suspense fallback for at least 300 ms once a suspended
 * screen's code is here (issue 81: two such holds were most of /trends' first load), while this
 * renders the component as soon as its code arrives. Once the code is here it renders straight
 * away. A failed load goes to the nearest error boundary, as a lazy component's does, and the next
 * mount asks again.
 */
export function onDemandComponent<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ReactNode,
): OnDemandComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchModule = () =>
    (loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  function OnDemand(props: P) {
    const [, setArrived] = useState(false);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    // What this render drew. The code may arrive between a render that drew the fallback and its
    // effect (a loaded machine paints late): the effect then still asks, and the settled promise
    // brings the render that draws the component, instead of leaving the fallback up for good.
    const drawn = loaded;
    useEffect(() => {
      if (drawn) return;
      let live = true;
      fetchModule().then(
        () => live && setArrived(true),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [drawn]);
    if (failure) throw failure.error;
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : fallback;
  }
  return Object.assign(OnDemand, { preload: () => fetchModule().then(() => undefined) });
}
