import type { ReactNode } from 'react';

/** One titled part of the decision record, kept on one printed page where it fits. */
export function RecordSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 break-inside-avoid-page">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
