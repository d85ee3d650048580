import { useSignals } from '@preact/signals-react/runtime';
import * as Accordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';

import { openStageId } from './matches-state';

/**
 * A list of stage cards ({@link StageItem}s), at most one open on the whole page: the open one is
 * `openStageId`, which both lists (the stages and "Across the firm") follow. Radix gives the
 * headers their ARIA and keyboard (Enter/Space toggle, arrows, Home and End move).
 */
export function StageAccordion({ className, children }: { className?: string; children: ReactNode }) {
  useSignals();
  const open = openStageId.value;
  return (
    <Accordion.Root
      type="single"
      collapsible
      value={open === null ? '' : String(open)}
      onValueChange={(value) => {
        if (value === '') openStageId.value = null;
        else if (/^\d+$/.test(value)) openStageId.value = Number(value);
        // else: a stage whose category the catalog lacks has nothing to open
      }}
      className={className}
    >
      {children}
    </Accordion.Root>
  );
}
