import { useEffect, useRef, useState, type ReactNode } from 'react';

import { cn } from '@/lib/cn';

/**
 * A table too wide for the screen scrolls inside its own box, never the page. While more of it
 * lies to the right, a visible line says so and its right edge fades: on a phone a cut column is
 * otherwise read as the whole (issue 78). Reachable and scrollable from the keyboard.
 */
export function SideScroller({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);
  return (
    <div className="space-y-1">
      {/* Above the table: a tall one's foot is far below the first screen. */}
      {more ? <p className="text-right text-xs text-slate-600 print:hidden">Scroll sideways for more →</p> : null}
      <div className="relative">
        <div
          ref={box}
          role="region"
          aria-label={label}
          tabIndex={0}
          className={cn('relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600', className)}
        >
          {children}
        </div>
        {more ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white to-transparent"
          />
        ) : null}
      </div>
    </div>
  );
}
