import * as ToastPrimitive from '@radix-ui/react-toast';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
};

/**
 * Server-state cache, toasts (one at a time, 5 s, swipe right past 50 px, F8 to focus) and
 * tooltips (700 ms delay, 300 ms skip delay), as SPEC section 9 sets them.
 */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
        <TooltipPrimitive.Provider delayDuration={700} skipDelayDuration={300}>
          {children}
        </TooltipPrimitive.Provider>
        <Toaster />
      </ToastPrimitive.Provider>
    </QueryClientProvider>
  );
}
