import { useId, type ReactNode } from 'react';

import { cn } from '@/lib/cn';

type PanelProps = {
  title: ReactNode;
  /** Buttons or a note on the right of the title. */
  actions?: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A titled card of the dashboard, labelled by its heading. */
export function Panel({ title, actions, description, className, children }: PanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6', className)}
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
