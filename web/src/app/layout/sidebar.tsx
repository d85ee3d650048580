import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';

import { BrandMark } from '@/components/ui/brand-mark';
import { Icon } from '@/components/ui/icon';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { useUser } from '@/lib/auth';
import { cn } from '@/lib/cn';

import { isNavItemActive, navGroupsFor } from './nav-items';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return (letters.length > 1 ? letters[0]! + letters[letters.length - 1]! : (letters[0] ?? '?')).slice(0, 2);
}

type SidebarProps = {
  /** Called after a link is followed (the phone drawer closes itself with it). */
  onNavigate?: () => void;
};

/** Brand, navigation, the signed-in user and sign-out. */
export function Sidebar({ onNavigate }: SidebarProps) {
  const [location] = useLocation();
  const search = useSearch();
  const address = search ? `${location}?${search}` : location;
  const user = useUser().data;
  const groups = navGroupsFor(user);
  // The sidebar shows twice on a phone (the hidden column and the drawer): ids of its own.
  const idBase = useId();
  const queryClient = useQueryClient();

  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-300">
      <div className="flex h-16 shrink-0 items-center px-5">
        <BrandMark inverted />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <div className="space-y-5">
          {groups.map((group) => {
            const headingId = `${idBase}-${group.section}`;
            return (
              <div key={group.section}>
                {/* A heading per group: screen readers list them, and each list is named by its heading. */}
                <h2 id={headingId} className="px-3 pb-1.5 text-xs font-semibold tracking-wide text-slate-400 uppercase">
                  {group.heading}
                </h2>
                <ul aria-labelledby={headingId} className="space-y-1">
                  {group.items.map((item) => {
                    const active = isNavItemActive(address, item);
                    return (
                      <li key={item.href}>
                        <Link
                          href={item.href}
                          onClick={onNavigate}
                          onPointerEnter={item.askAhead && !active ? () => item.askAhead?.(queryClient) : undefined}
                          onFocus={item.askAhead && !active ? () => item.askAhead?.(queryClient) : undefined}
                          aria-current={active ? 'page' : undefined}
                          className={cn(
                            'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400',
                            active ? 'bg-indigo-600 text-white shadow-sm' : 'text-slate-300 hover:bg-white/10 hover:text-white',
                          )}
                        >
                          <Icon name={item.icon} className="h-4.5 w-4.5" />
                          {item.label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </div>
            );
          })}
        </div>
      </nav>
      <div className="shrink-0 space-y-2 border-t border-white/10 p-3">
        {user ? (
          <div className="flex items-center gap-3 px-2 py-1.5" aria-label="Signed in as">
            <span
              aria-hidden="true"
              className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-indigo-500/20 text-sm font-semibold text-indigo-200"
            >
              {initials(user.name)}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-white">{user.name}</p>
              <p className="truncate text-xs text-slate-400">{user.lawFirm}</p>
            </div>
          </div>
        ) : null}
        <SignOutButton />
      </div>
    </div>
  );
}
