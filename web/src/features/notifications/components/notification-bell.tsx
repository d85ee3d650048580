import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';

import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatCount, formatDateTime } from '@/lib/format';

import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';

/** "Notifications, 3 unread": the bell's accessible name. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${formatCount(unread)} unread` : 'Notifications';
}

/**
 * The bell of the signed-in frame: the unread count, and a list of the newest notices that opens
 * under it (Escape closes it and gives focus back to the bell). Polls every 60 s, and reads
 * afresh when opened.
 */
export function NotificationBell({ className }: { className?: string }) {
  const notices = useNotifications();
  const markRead = useMarkRead();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const unread = notices.data?.unread ?? 0;
  const items = notices.data?.items ?? [];

  const close = (focusBell: boolean) => {
    setOpen(false);
    if (focusBell) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className={cn('relative', className)}>
      <button
        ref={button}
        type="button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          // Opened, it reads the notices afresh: one resolved since the last poll (a proposal just
          // decided) shows how it ended, not the request it was.
          if (!open) void notices.refetch();
          setOpen(!open);
        }}
        className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Icon name="bell" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-rose-600 px-1.5 text-center text-xs leading-5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : formatCount(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          role="region"
          aria-label="Your notifications"
          className="absolute right-0 z-40 mt-2 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl bg-white text-left shadow-xl ring-1 ring-slate-900/10"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
              className="rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:text-slate-500 disabled:no-underline"
            >
              Mark all read
            </button>
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-sm text-slate-600">Nothing new. Notices about your account and your demos show here.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    href={item.link || paths.home}
                    onClick={() => {
                      if (!item.read) markRead.mutate({ ids: [item.id] });
                      close(false);
                    }}
                    className="block px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
                  >
                    <span className="flex items-start gap-2">
                      {item.read ? null : <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-indigo-600" aria-hidden="true" />}
                      <span className="min-w-0">
                        <span className={cn('block text-sm text-slate-900', !item.read && 'font-semibold')}>
                          {item.title}
                          {item.read ? null : <span className="sr-only"> (unread)</span>}
                        </span>
                        <span className="mt-0.5 block text-sm text-slate-600">{item.body}</span>
                        <span className="mt-1 block text-xs text-slate-600">{formatDateTime(item.createdAt)}</span>
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
