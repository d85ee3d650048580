import { useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { AdminFirm } from '@/lib/api/types';
import { countOf } from '@/lib/format';

import { useMergeFirms } from '../api/merge-firms';

type MergeFirmsDialogProps = {
  /** The firm kept: the one whose row opened the dialog. */
  into: AdminFirm;
  /** Every firm; the others are offered to merge into `into`. */
  firms: AdminFirm[];
  onClose: () => void;
};

/**
 * "Merge…": the operator picks another firm whose members and data all move into this one, then
 * confirms in words that say which firm is kept and which is gone.
 */
export function MergeFirmsDialog({ into, firms, onClose }: MergeFirmsDialogProps) {
  const [fromId, setFromId] = useState('');
  const merge = useMergeFirms();
  const others = firms.filter((f) => f.id !== into.id);
  const from = others.find((f) => String(f.id) === fromId);

  const confirm = () => {
    if (!from) return;
    merge.mutate(
      { into: into.id, from: from.id },
      {
        onSuccess: ({ firm }) => {
          toast({
            title: `${from.name} is merged into ${firm.name}`,
            description: `${firm.name} now has ${countOf(firm.members, 'member')}.`,
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Merge a firm into ${into.name}`}
      description="For two firms you know are one: the members and all the data of both are kept, in one firm."
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={merge.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={!from || merge.isPending}>
            {merge.isPending ? 'Merging...' : `Merge into ${into.name}`}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {others.length === 0 ? (
          <p className="text-sm text-slate-700">There is no other firm to merge.</p>
        ) : (
          <SelectField
            label={`Firm to move into ${into.name}`}
            placeholder="Choose a firm"
            options={others.map((f) => ({ value: String(f.id), label: `${f.name} (${countOf(f.members, 'member')}, #${f.id})` }))}
            value={fromId}
            onChange={(event) => {
              setFromId(event.target.value);
              merge.reset();
            }}
            disabled={merge.isPending}
          />
        )}
        {from ? (
          <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-950">
            Move everything of <strong>{from.name}</strong> into <strong>{into.name}</strong>; {from.name} is then gone. Its{' '}
            {countOf(from.members, 'member')} join {into.name} with their roles, and its shortlist, tech stack, notes and history are kept
            there. This cannot be undone.
          </p>
        ) : null}
        {merge.error ? <Alert>{getErrorMessage(merge.error, 'The firms could not be merged. Please try again.')}</Alert> : null}
      </div>
    </Modal>
  );
}
