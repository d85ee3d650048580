import * as ToastPrimitive from '@radix-ui/react-toast';
import { useSignals } from '@preact/signals-react/runtime';

import { cn } from '@/lib/cn';

import { buttonClasses } from './button';
import { Icon } from './icon';
import { currentToast, dismissToast } from './use-toast';

/**
 * A toast with an action (Undo) stays twice as long as the 5 s default, so there is time to reach
 * its button; hovering it, or focusing the region with F8, pauses it as long as needed.
 */
const ACTION_DURATION = 10_000;

/**
 * Renders the current toast and the notification region (F8 focuses it): one at a time, 5 s,
 * swipe right past 50 px, as SPEC section 9 sets them.
 */
export function Toaster() {
  useSignals();
  const shown = currentToast.value;
  const destructive = shown?.variant === 'destructive';
  const warning = shown?.variant === 'warning';
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {shown ? (
        <ToastPrimitive.Root
          key={shown.id}
          open={shown.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(shown.id);
          }}
          type={destructive || shown.action ? 'foreground' : 'background'}
          duration={shown.action ? ACTION_DURATION : undefined}
          className={cn(
            'toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            destructive
              ? 'border-red-700 bg-red-600 text-white'
              : warning
                ? 'border-amber-300 bg-amber-50 text-slate-900'
                : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <Icon
            name={destructive || warning ? 'alert' : 'check'}
            className={cn('mt-0.5', destructive ? 'text-white' : warning ? 'text-amber-600' : 'text-emerald-600')}
          />
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{shown.title}</ToastPrimitive.Title>
            {shown.description ? (
              <ToastPrimitive.Description className={cn('text-sm', destructive ? 'text-red-50' : 'text-slate-600')}>
                {shown.description}
              </ToastPrimitive.Description>
            ) : null}
            {shown.action ? (
              <ToastPrimitive.Action
                altText={shown.action.altText}
                onClick={shown.action.onAction}
                className={cn(buttonClasses({ variant: 'outline', size: 'sm' }), 'mt-1 justify-self-start')}
              >
                {shown.action.label}
              </ToastPrimitive.Action>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className={cn(
              'absolute top-3 right-3 rounded-md p-1 focus-visible:outline-2',
              destructive ? 'text-red-100 hover:bg-red-700 hover:text-white' : 'text-slate-400 hover:bg-slate-100 hover:text-slate-700',
            )}
          >
            <Icon name="close" className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="pointer-events-none fixed right-0 bottom-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
