import type { ChangeEvent, KeyboardEvent } from 'react';

/** When each input last had a key pressed in it (the event's timeStamp). */
const lastKeyAt = new WeakMap<EventTarget, number>();

/** Keys that move the focus or close a picker: they type nothing. */
const NOT_TYPING = new Set(['Tab', 'Enter', 'Escape', 'Shift']);

/** `onKeyDown` of an input whose changes are told apart: typed by hand, or picked. */
export function noteKey(event: KeyboardEvent<HTMLInputElement>) {
  if (!NOT_TYPING.has(event.key)) lastKeyAt.set(event.currentTarget, event.timeStamp);
}

/**
 * Whether this change came from the keyboard (a date typed by hand, a digit stepped with the
 * arrows) rather than picked with the pointer: a key pressed in the same input just before.
 * Typed changes wait for the pause; picked ones apply at once.
 */
export function wasTyped(event: ChangeEvent<HTMLInputElement>): boolean {
  const at = lastKeyAt.get(event.currentTarget);
  return at !== undefined && event.timeStamp - at < 1_000;
}
