import { type ReactNode } from 'react';

/** The quiet message a panel shows when it has nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-200 px-4 py-10 text-center text-sm text-slate-500">{children}</p>;
}
