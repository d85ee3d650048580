import type { CategoryAdoption } from '@/lib/api/types';

import { StarIcon } from './star-icon';

/** One category's answer as text: the tools the firm uses (the primary one starred), or No. */
export function AdoptionAnswer({ item }: { item: CategoryAdoption }) {
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
