import { useEffect, type ReactNode } from 'react';

/** What the browser's tab, history and a printed page's header call the screen. */
export function documentTitle(title: string): string {
  return `${title} · Litstack`;
}

/** Names the tab after the screen on show, from its registry entry. */
export function ScreenTitle({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return children;
}
