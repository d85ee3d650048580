import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export type CoalesceOptions = {
  /** How long after a change later changes are gathered into one trailing apply (the spec's 300 ms). */
  delayMs?: number;
  /**
   * The change that comes with this render is typed text (a date typed by hand, a search box):
   * it waits for a pause of `delayMs`, as a debounce does, instead of applying at once.
   */
  waitForPause?: boolean;
};

/**
 * `value` as a screen should act on it, with a leading edge: a change made after a quiet spell
 * applies at once; the changes that follow it within `delayMs` are coalesced into one trailing
 * apply of the latest value, `delayMs` after the last of them. A select or a button is answered
 * straight away while a burst of changes still costs one request. Typed text (`waitForPause`)
 * waits for its pause.
 *
 * Values are compared with `Object.is`: memoize objects, so that an equal value keeps its identity.
 */
export function useCoalescedValue<T>(value: T, { delayMs = 300, waitForPause = false }: CoalesceOptions = {}): T {
  const [applied, setApplied] = useState(value);
  // The last value seen, the timer of the open window (null: quiet), the latest typed flag.
  const seen = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typed = useRef(waitForPause);
  typed.current = waitForPause;

  // A layout effect: the leading apply renders again before the browser paints the change.
  useLayoutEffect(() => {
    if (Object.is(seen.current, value)) return;
    seen.current = value;
    const quiet = timer.current === null;
    if (timer.current !== null) clearTimeout(timer.current);
    if (quiet && !typed.current) setApplied(value);
    timer.current = setTimeout(() => {
      timer.current = null;
      setApplied(seen.current);
    }, delayMs);
  }, [value, delayMs]);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );

  return applied;
}
