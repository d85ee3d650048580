import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';

import { BrandMark } from '@/components/ui/brand-mark';
import { Icon } from '@/components/ui/icon';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

import { Sidebar } from './sidebar';

/** On phone widths the sidebar folds into a top bar whose menu button opens it as a drawer. */
export function MobileTopBar() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur md:hidden print:hidden">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          aria-label="Open navigation"
        >
          <Icon name="menu" />
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="modal-overlay fixed inset-0 z-40 bg-slate-900/50" />
          <Dialog.Content
            className="drawer-content fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-2xl focus:outline-none"
            aria-describedby={undefined}
          >
            <Dialog.Title className="sr-only">Navigation</Dialog.Title>
            <Sidebar onNavigate={close} />
            <Dialog.Close
              className="absolute top-3.5 right-3 rounded-lg p-1.5 text-slate-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400"
              aria-label="Close navigation"
            >
              <Icon name="close" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <BrandMark />
      <NotificationBell className="ml-auto" />
    </header>
  );
}
