import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';

import { currentToast } from '@/components/ui/use-toast';

import { onDemand } from './on-demand';

/**
 * The toasts' code (Radix Toast and its layers) arrives with the signed-in app, not with the
 * sign-in screen, which shows none: the Toaster mounts once the signed-in app asked for it (or a
 * toast is shown) and then stays, so a toast still outlives a move to sign-in.
 */
const toasterWanted = signal(false);

const LazyToaster = onDemand(
  () => import('@/components/ui/toaster'),
  (m) => m.Toaster,
  null,
);

/** Mounts the Toaster from now on (the signed-in app calls it when it mounts). */
export function useToaster() {
  useEffect(() => {
    toasterWanted.value = true;
  }, []);
}

export function DeferredToaster() {
  useSignals();
  if (!toasterWanted.value && !currentToast.value) return null;
  return <LazyToaster />;
}
