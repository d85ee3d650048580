import type { ReactNode } from 'react';

import type { IconName } from '@/components/ui/icon';
import { Icon } from '@/components/ui/icon';

type SettingsSectionProps = {
  id: string;
  title: string;
  description: string;
  icon: IconName;
  children: ReactNode;
};

/** One titled card of Profile Settings, labelled by its heading for screen readers. */
export function SettingsSection({ id, title, description, icon, children }: SettingsSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5">
      <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <span className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-indigo-50 text-indigo-600">
          <Icon name={icon} className="h-4.5 w-4.5" />
        </span>
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{description}</p>
        </div>
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}
