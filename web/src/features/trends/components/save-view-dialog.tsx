import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';

import { useSaveView } from '../api/save-view';

type SaveViewDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The screen's query string as the address keeps it, without the page. */
  params: string;
};

/** "Save this view": asks a name; the server's refusal (a taken name, too many views) stays in the dialog. */
export function SaveViewDialog({ open, onOpenChange, params }: SaveViewDialogProps) {
  const [name, setName] = useState('');
  const save = useSaveView();

  const close = (next: boolean) => {
    if (!next) {
      setName('');
      save.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name, params },
      {
        onSuccess: (view) => {
          toast({ title: 'View saved', description: `Everyone in your firm can open "${view.name}" from Saved views.` });
          close(false);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Save this view"
      description="Keeps the current filters under a name for your firm."
      footer={
        <>
          <Button variant="outline" onClick={() => close(false)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="save-view-form" disabled={save.isPending || name.trim() === ''}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="save-view-form" onSubmit={submit} className="space-y-3">
        <TextField label="Name" value={name} maxLength={80} autoComplete="off" onChange={(event) => setName(event.target.value)} />
        {save.error ? <Alert>{save.error.message}</Alert> : null}
      </form>
    </Modal>
  );
}
