import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

import { cn } from '@/lib/cn';

export type TabItem = { id: string; label: string; content: ReactNode };

type TabsProps = {
  /** What the set of tabs is, for screen readers ("Firm settings"). */
  label: string;
  tabs: readonly TabItem[];
  /** The shown tab's id. */
  selected: string;
  onSelect: (id: string) => void;
  className?: string;
};

/**
 * Tabs as the ARIA pattern has them: one tab stop (the shown tab), the arrow keys, Home and End
 * move between tabs and show the one reached; only the shown panel is rendered, so a panel's
 * data is asked for when it is opened.
 */
export function Tabs({ label, tabs, selected, onSelect, className }: TabsProps) {
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  if (!current) return null;
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((tab) => tab.id === current.id);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    const next = tabs[to]!;
    onSelect(next.id);
    const button = refs.current.get(next.id);
    button?.focus();
    button?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <div className={className}>
      {/* On a phone the row scrolls inside its own box rather than widening the page. */}
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((tab) => {
          const active = tab.id === current.id;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) refs.current.set(tab.id, el);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={active}
              // Only the shown panel exists, so only its tab points at it.
              aria-controls={active ? panelId(tab.id) : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={cn(
                '-mb-px shrink-0 border-b-2 px-2 py-2.5 sm:px-3 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                active
                  ? 'border-indigo-600 text-indigo-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(current.id)}
        aria-labelledby={tabId(current.id)}
        tabIndex={0}
        className="mt-6 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
      >
        {current.content}
      </div>
    </div>
  );
}
