import { signal } from '@preact/signals-react';

/**
 * The app's one toast. Showing a toast replaces the one on screen (the spec allows one at a
 * time); the Toaster renders whatever this signal holds.
 */

export type ToastVariant = 'default' | 'warning' | 'destructive';

/** A button in the toast, such as Undo. */
export type ToastAction = {
  label: string;
  /**
   * For screen readers, which announce the toast without its button: how to reach the action
   * another way (Radix's `altText`).
   */
  altText: string;
  onAction: () => void;
};

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
};

export type ToastState = ToastOptions & { id: number; open: boolean };

export const currentToast = signal<ToastState | null>(null);

let lastId = 0;

export function dismissToast(id?: number): void {
  const shown = currentToast.value;
  if (shown && (id === undefined || shown.id === id)) currentToast.value = { ...shown, open: false };
}

export function toast(options: ToastOptions): { id: number; dismiss: () => void; update: (next: Partial<ToastOptions>) => void } {
  const id = ++lastId;
  currentToast.value = { variant: 'default', ...options, id, open: true };
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => {
      const shown = currentToast.value;
      if (shown?.id === id) currentToast.value = { ...shown, ...next };
    },
  };
}

/** `toast({title, description, variant, action})` shows a toast, replacing any other. */
export function useToast() {
  return { toast, dismiss: dismissToast };
}
