import type { ReactNode } from 'react';

import { Icon } from '@/components/ui/icon';

/** The tech stack could not be loaded (SPEC section 8), with a way out. */
export function LoadError({ action, title = true }: { action?: ReactNode; title?: boolean }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <Icon name="alert" className="mt-0.5 h-5 w-5 text-red-600" />
      <div className="space-y-3">
        {title ? <p className="font-semibold">Error Loading Tech Stack</p> : null}
        <p>Failed to load category data. Please try again.</p>
        {action}
      </div>
    </div>
  );
}
