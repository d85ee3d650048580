import type { Category } from '@/lib/api/types';
import { cn } from '@/lib/cn';

type CategoryChipsProps = {
  categories: Category[];
  selected: number[];
  onChange: (selected: number[]) => void;
};

const chipClasses = (on: boolean) =>
  cn(
    'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
    on ? 'bg-indigo-600 text-white ring-indigo-600 hover:bg-indigo-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
  );

/** "All" (with the number selected) then one toggle chip per category; several may be on. */
export function CategoryChips({ categories, selected, onChange }: CategoryChipsProps) {
  const count = selected.length;
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  return (
    // On a phone the chips scroll sideways in one row instead of filling the screen.
    <div
      role="group"
      aria-label="Categories"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
    >
      <button
        type="button"
        aria-pressed={count === 0}
        aria-label={count === 0 ? 'All' : `All (${count} selected)`}
        onClick={() => onChange([])}
        className={chipClasses(count === 0)}
      >
        All
        {count > 0 ? (
          <span aria-hidden="true" className="rounded-full bg-indigo-100 px-1.5 text-xs font-semibold text-indigo-700">
            {count}
          </span>
        ) : null}
      </button>
      {categories.map((category) => (
        <button
          key={category.id}
          type="button"
          aria-pressed={selected.includes(category.id)}
          onClick={() => toggle(category.id)}
          className={chipClasses(selected.includes(category.id))}
        >
          {category.label}
        </button>
      ))}
    </div>
  );
}
