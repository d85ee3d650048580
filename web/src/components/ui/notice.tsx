import type { ReactNode } from 'react';

import { cn } from '@/lib/cn';

import { Icon } from './icon';

/** A calm line of news (not an error): announced politely as it appears. */
export function Notice({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'success' }) {
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm',
        tone === 'success' ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-indigo-200 bg-indigo-50 text-indigo-900',
      )}
    >
      <Icon
        name={tone === 'success' ? 'check' : 'alert'}
        className={cn('mt-px h-4.5 w-4.5', tone === 'success' ? 'text-emerald-700' : 'text-indigo-700')}
      />
      <div>{children}</div>
    </div>
  );
}
