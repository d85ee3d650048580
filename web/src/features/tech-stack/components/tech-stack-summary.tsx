import type { CategoryAdoption } from '@/lib/api/types';

import { AdoptionAnswer } from './adoption-answer';

/** The firm's tech stack as text, for a viewer, who reads it but cannot change it. */
export function TechStackSummary({ items, headingLevel }: { items: CategoryAdoption[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <section
          key={item.category.id}
          aria-label={item.category.label}
          className="flex flex-col gap-2 px-4 py-3.5 sm:flex-row sm:items-start sm:justify-between sm:px-5"
        >
          <Heading className="text-base font-semibold text-slate-900">{item.category.label}</Heading>
          <div className="text-sm sm:max-w-[60%] sm:text-right">
            <AdoptionAnswer item={item} />
          </div>
        </section>
      ))}
    </div>
  );
}
