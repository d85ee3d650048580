import type { ReactNode } from 'react';

import { Icon } from './icon';

/** An error message announced as soon as it appears. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800">
      <Icon name="alert" className="mt-px h-4.5 w-4.5 text-red-600" />
      <div>{children}</div>
    </div>
  );
}
