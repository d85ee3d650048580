import type { ReactNode } from 'react';

import { Icon, type IconName } from '@/components/ui/icon';

type FirmSectionProps = {
  id: string;
  title: string;
  description: ReactNode;
  icon: IconName;
  /** Links or buttons on the right of the heading. */
  actions?: ReactNode;
  children: ReactNode;
};

/** One titled card of the Firm screen, labelled by its heading for screen readers. */
export function FirmSection({ id, title, description, icon, actions, children }: FirmSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="flex min-w-0 items-start gap-3">
          <span className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-600">
            <Icon name={icon} className="h-4.5 w-4.5" />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            <p className="text-sm text-slate-600">{description}</p>
          </div>
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}
