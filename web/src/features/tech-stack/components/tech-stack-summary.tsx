import type { CategoryAdoption } from '@/lib/api/types';
import { categoryLabel } from '@/lib/stages';

import { StarIcon } from './star-icon';

/** One category's answer as text: the tools the firm uses (the primary one starred), or No. */
function Answer({ item }: { item: CategoryAdoption }) {
  if (item.adoption.hasTool === false) return <span className="text-slate-600">No tool</span>;
  if (item.adoption.hasTool !== true) return <span className="text-slate-500">Not answered yet</span>;
  const listed = item.selectedVendors.map((selected) => ({
    name: item.vendors.find((v) => v.id === selected.vendorId)?.name ?? `Vendor ${selected.vendorId}`,
    primary: selected.isPrimary,
  }));
  const tools = [...listed, ...item.otherVendors.map((other) => ({ name: other.name, primary: false }))];
  if (tools.length === 0) return <span className="text-slate-600">Yes, no tool named</span>;
  return (
    <ul className="flex flex-wrap gap-1.5 sm:justify-end">
      {tools.map((tool) => (
        <li key={tool.name} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-800">
          {tool.primary ? (
            <>
              <span className="text-amber-500 [&_svg]:h-3.5 [&_svg]:w-3.5">
                <StarIcon filled />
              </span>
              <span className="sr-only">Primary: </span>
            </>
          ) : null}
          {tool.name}
        </li>
      ))}
    </ul>
  );
}

/** The firm's tech stack as text, for a viewer, who reads it but cannot change it. */
export function TechStackSummary({ items, headingLevel }: { items: CategoryAdoption[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <section
          key={item.category.id}
          aria-label={categoryLabel(item.category.name)}
          className="flex flex-col gap-2 px-4 py-3.5 sm:flex-row sm:items-start sm:justify-between sm:px-5"
        >
          <Heading className="text-base font-semibold text-slate-900">{categoryLabel(item.category.name)}</Heading>
          <div className="text-sm sm:max-w-[60%] sm:text-right">
            <Answer item={item} />
          </div>
        </section>
      ))}
    </div>
  );
}
