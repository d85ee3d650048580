import type { ReactNode } from 'react';

import { DeferredToaster } from './deferred-toaster';

/**
 * Toasts. The server-state cache (TanStack Query, lib/query-root.tsx) arrives with the first
 * screen that reads through it (on-demand.tsx's `onDemandWithCache`): the sign-in screen asks the
 * server itself. The toasts' code (components/ui/toaster.tsx) and the tooltips' timing
 * (`TooltipProvider`, in signed-in-app.tsx) arrive with the signed-in app: the sign-in screen uses
 * neither. (Unit tests compose the same pieces in testing/render-app.tsx.)
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <DeferredToaster />
    </>
  );
}
