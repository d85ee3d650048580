import type { ReactNode } from 'react';

/** One term and its value of a vendor in the brief. */
export function BriefFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[11rem_1fr] print:grid-cols-[11rem_1fr]">
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
