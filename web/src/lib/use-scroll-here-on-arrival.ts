import { useEffect, useRef } from 'react';

import { holdInView } from './hold-in-view';

/**
 * Opened as a link to `#anchor` (a notice's "/profile#operator-role"): the element is scrolled to
 * once `ready` (the browser's own jump came before it was drawn), and kept at the top while the
 * sections around it load (`holdInView`).
 */
export function useScrollHereOnArrival(anchor: string, ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !ready || window.location.hash !== `#${anchor}`) return;
    done.current = true;
    const element = document.getElementById(anchor);
    if (!element) return;
    return holdInView(element);
  }, [anchor, ready]);
}
