import * as Accordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';

type StageAccordionProps = {
  /** The open stage's category id, or null when all are closed. */
  openId: number | null;
  onOpenIdChange: (id: number | null) => void;
  className?: string;
  children: ReactNode;
};

/**
 * A list of stage cards ({@link StageItem}s), at most one open on the whole page: the page holds
 * the open one, which both lists (the stages and "Across the firm") follow. Radix gives the
 * headers their ARIA and keyboard (Enter/Space toggle, arrows, Home and End move).
 */
export function StageAccordion({ openId, onOpenIdChange, className, children }: StageAccordionProps) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      value={openId === null ? '' : String(openId)}
      onValueChange={(value) => {
        if (value === '') onOpenIdChange(null);
        else if (/^\d+$/.test(value)) onOpenIdChange(Number(value));
        // else: a stage whose category the catalog lacks has nothing to open
      }}
      className={className}
    >
      {children}
    </Accordion.Root>
  );
}
