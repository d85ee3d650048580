import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

import { cn } from '@/lib/cn';

import { Icon } from './icon';

type ModalProps = {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Actions pinned under the scrolling body. */
  footer?: ReactNode;
  /**
   * When false the modal has no close button and ignores Escape and clicks outside: only the
   * screen's own action closes it.
   */
  dismissible?: boolean;
  size?: 'md' | 'lg' | 'xl';
};

const widths = { md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export function Modal({ open, onOpenChange, title, description, children, footer, dismissible = true, size = 'md' }: ModalProps) {
  const block = (event: Event) => event.preventDefault();
  return (
    <Dialog.Root open={open} onOpenChange={dismissible ? onOpenChange : undefined}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className={cn(
            'modal-content fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/5 focus:outline-none',
            widths[size],
          )}
          onEscapeKeyDown={dismissible ? undefined : block}
          onPointerDownOutside={dismissible ? undefined : block}
          onInteractOutside={dismissible ? undefined : block}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 pt-5 pb-4 sm:px-6">
            <div className="space-y-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description> : null}
            </div>
            {dismissible ? (
              <Dialog.Close
                className="-mt-1 -mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                aria-label="Close"
              >
                <Icon name="close" className="h-5 w-5" />
              </Dialog.Close>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
