/** What a reader does that takes the scroll position back from the page. */
const READER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls `element` to the top of the view and keeps it there while the page around it loads and
 * its height changes (a section above it drawn once its data is in would push it down, or a page
 * still too short would leave it unscrolled): until the reader scrolls, types or clicks, or 3
 * seconds. Returns the function that stops holding it.
 */
export function holdInView(element: Element): () => void {
  const align = () => element.scrollIntoView({ block: 'start' });
  align();
  const resized = new ResizeObserver(align);
  resized.observe(document.body);
  const stop = () => {
    resized.disconnect();
    clearTimeout(timer);
    for (const move of READER_MOVES) window.removeEventListener(move, stop);
  };
  const timer = setTimeout(stop, 3000);
  for (const move of READER_MOVES) window.addEventListener(move, stop, { passive: true });
  return stop;
}
