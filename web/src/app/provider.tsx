import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { createQueryClient } from '@/lib/query-client';

import { DeferredToaster } from './deferred-toaster';

/**
 * Server-state cache and toasts. The toasts' code (components/ui/toaster.tsx) and the tooltips'
 * timing (`TooltipProvider`, in signed-in-app.tsx) arrive with the signed-in app: the sign-in
 * screen uses neither. (Unit tests compose the same pieces in testing/render-app.tsx.)
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
