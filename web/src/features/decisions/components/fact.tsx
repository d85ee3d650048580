import type { ReactNode } from 'react';

/** One fact of the record: its term, and its value beside it from a small screen up and in print. */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] print:grid-cols-[10rem_1fr]">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
