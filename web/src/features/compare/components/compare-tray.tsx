import { useSignals } from '@preact/signals-react/runtime';
import { useRef } from 'react';
import { Link, useLocation } from 'wouter';

import { Button, buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { MIN_COMPARED, clearCompare, compareHref, compareSelection, removeFromCompare } from '@/lib/compare-selection';

/**
 * The comparison tray: fixed at the bottom of every signed-in screen while vendors are picked,
 * with "Compare (n)", a remove button per vendor and Clear. A spacer of the tray's height keeps
 * the page's own last buttons clear of it. Not shown on the comparison itself.
 */
export function CompareTray() {
  useSignals();
  const [location] = useLocation();
  const list = useRef<HTMLUListElement>(null);
  const selected = compareSelection.value;
  if (selected.length === 0 || location === paths.compare) return null;
  const ready = selected.length >= MIN_COMPARED;
  // Keyboard focus stays in the tray: on the next vendor's remove button once this one is gone.
  const remove = (id: number) => {
    removeFromCompare(id);
    requestAnimationFrame(() => list.current?.querySelector('button')?.focus());
  };
  return (
    <>
      <div aria-hidden="true" className="h-40 sm:h-24" />
      <section
        aria-label="Comparison tray"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur md:left-64"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:px-6 lg:px-10">
          <ul ref={list} aria-label="Vendors to compare" className="flex min-w-0 flex-1 flex-wrap gap-1.5">
            {selected.map((v) => (
              <li
                key={v.id}
                className="flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-0.5 pl-2.5 text-sm text-indigo-900 ring-1 ring-indigo-200 ring-inset"
              >
                <span className="max-w-40 truncate" title={v.name}>
                  {v.name}
                </span>
                <button
                  type="button"
                  onClick={() => remove(v.id)}
                  aria-label={`Remove ${v.name} from the comparison`}
                  className="rounded-full p-1 text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <Icon name="close" className="h-3.5 w-3.5" />
                </button>
              </li>
            ))}
          </ul>
          <div className="flex shrink-0 items-center gap-2">
            {ready ? null : <p className="text-sm text-slate-600">Pick one more to compare</p>}
            <Button variant="ghost" size="sm" onClick={clearCompare}>
              Clear
            </Button>
            {ready ? (
              <Link href={compareHref(selected.map((v) => v.id))} className={buttonClasses({ size: 'sm' })}>
                Compare ({selected.length})
              </Link>
            ) : (
              <Button size="sm" disabled>
                Compare ({selected.length})
              </Button>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
