import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

type PartnerDisclosureProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The "What does Partner mean?" dialog. Partner status is a disclosure, not a hidden boost: this
 * says who sets it, what the badge means and what it does not change.
 */
export function PartnerDisclosure({ open, onOpenChange }: PartnerDisclosureProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="What does Partner mean?"
      footer={<Button onClick={() => onOpenChange(false)}>Got it</Button>}
    >
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          A <strong>star</strong> and a <strong>Gold, Silver or Bronze Partner</strong> badge mark vendors that the administrator of this
          Litstack has named as partners of your organisation. The badge is there so you always know about that relationship.
        </p>
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Partner status never hides other vendors and never changes which vendors match your filters or search.</li>
          <li>
            Only the <strong>Partners First</strong> sort uses it: it lists partners by level (Gold, Silver, Bronze), then everyone else,
            each group by name. The default sort is by name.
          </li>
          <li>Recommendations say so in their reasons whenever partner status moved a vendor up.</li>
        </ul>
        <p className="text-slate-500">
          The catalog Litstack ships with names no partner, and no vendor has paid for or endorsed its placement. Only your administrator
          sets partner status.
        </p>
      </div>
    </Modal>
  );
}

/** The "What does Partner mean?" link and the dialog it opens. */
export function PartnerExplainer() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        What does Partner mean?
      </button>
      <PartnerDisclosure open={open} onOpenChange={setOpen} />
    </>
  );
}
