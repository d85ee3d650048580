import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';

import { LoadError } from './load-error';
import { TechStackForm } from './tech-stack-form';
import { useTechStackEditor } from './use-tech-stack-editor';

type MyTechStackModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The tech-stack form in a dialog, opened from the recommendations page. Cancel drops the edits;
 * Save keeps the dialog open until the save succeeds.
 */
export function MyTechStackModal({ open, onOpenChange: setOpen }: MyTechStackModalProps) {
  const editor = useTechStackEditor({ enabled: open, resetKey: open, onSaved: () => setOpen(false) });
  const { query } = editor;

  if (query.isError) {
    return (
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Error Loading Tech Stack"
        footer={
          <Button variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
        }
      >
        <LoadError title={false} />
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      size="xl"
      title="My Tech Stack"
      description="Tell us what legal technology tools you currently use."
      footer={
        <>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={editor.saving}>
            Cancel
          </Button>
          <Button onClick={editor.submit} disabled={!editor.canSave}>
            {editor.saving ? 'Saving...' : 'Save'}
          </Button>
          {/* Last in the DOM so the footer's phone column (reversed) shows it on top. */}
          <p className="self-center text-sm text-slate-500 sm:order-first sm:mr-auto" aria-live="polite">
            {query.data ? `${editor.answered} of ${editor.total} categories answered` : null}
          </p>
        </>
      }
    >
      {query.isPending ? (
        <div className="py-12 text-center">
          <Spinner label="Loading your tech stack..." />
        </div>
      ) : (
        <TechStackForm items={editor.items} value={editor.draft} onChange={editor.setCategory} disabled={editor.saving} headingLevel={3} />
      )}
    </Modal>
  );
}
