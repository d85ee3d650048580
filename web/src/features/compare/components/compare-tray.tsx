import { useSignals } from '@preact/signals-react/runtime';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useRoute } from 'wouter';

import { Button, buttonClasses } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { comparePath } from '@/config/links';
import { paths } from '@/config/paths';
import { MIN_COMPARED, clearCompare, compareSelection, removeFromCompare } from '@/lib/compare-selection';

/**
 * The pages that list vendors with a Compare control, where comparing is done: the tray shows
 * only there (the picks, the directory, a vendor's profile and its alternatives, the past
 * recommendations). The selection itself lasts the session, so it is back on the next of them.
 */
const comparePages: readonly string[] = [paths.home, paths.matches, paths.vendors, paths.past];

/**
 * The comparison tray: fixed at the bottom of the pages that compare while vendors are picked,
 * with "Compare (n)", a remove button per vendor and Clear. A spacer of the tray's own height
 * keeps the page's last content clear of it. On a phone it stays two short lines: the names in
 * one row that scrolls sideways inside the tray, the buttons under them.
 */
export function CompareTray() {
  useSignals();
  const [location] = useLocation();
  const [onProfile] = useRoute(paths.vendorProfile);
  const list = useRef<HTMLUListElement>(null);
  const tray = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  const selected = compareSelection.value;
  const shown = selected.length > 0 && (onProfile || comparePages.includes(location));

  // The spacer follows the tray's height (it grows when names wrap onto a second line).
  useLayoutEffect(() => {
    const element = tray.current;
    if (!shown || !element) return;
    setHeight(element.offsetHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  if (!shown) return null;
  const ready = selected.length >= MIN_COMPARED;
  // Keyboard focus stays in the tray: on the next vendor's remove button once this one is gone.
  const remove = (id: number) => {
    removeFromCompare(id);
    requestAnimationFrame(() => list.current?.querySelector('button')?.focus());
  };
  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={tray}
        aria-label="Comparison tray"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur md:left-64"
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2 sm:flex-row sm:items-center sm:px-6 sm:py-3 lg:px-10">
          <ul
            ref={list}
            aria-label="Vendors to compare"
            className="-mx-1 flex min-w-0 flex-1 gap-1.5 overflow-x-auto px-1 py-0.5 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
          >
            {selected.map((v) => (
              <li
                key={v.id}
                className="flex max-w-[16rem] shrink-0 items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-0.5 pl-2.5 text-sm text-indigo-900 ring-1 ring-indigo-200 ring-inset"
              >
                {/* One line: a name never breaks inside a word; a long one ends in "…", its
                    full text in the title and in the remove button's name. */}
                <span className="min-w-0 truncate" title={v.name}>
                  {v.name}
                </span>
                <button
                  type="button"
                  onClick={() => remove(v.id)}
                  aria-label={`Remove ${v.name} from the comparison`}
                  className="shrink-0 rounded-full p-1 text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  <Icon name="close" className="h-3.5 w-3.5" />
                </button>
              </li>
            ))}
          </ul>
          <div className="flex shrink-0 items-center justify-end gap-2">
            {ready ? null : <p className="mr-auto text-sm text-slate-600 sm:mr-0">Pick one more to compare</p>}
            <Button variant="ghost" size="sm" onClick={clearCompare}>
              Clear
            </Button>
            {ready ? (
              <Link href={comparePath(selected.map((v) => v.id))} className={buttonClasses({ size: 'sm' })}>
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
