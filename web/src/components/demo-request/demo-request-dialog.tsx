import { useId, useState } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { inputClasses } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import type { DemoRequestForm, DemoShareableField, NewDemoRequest } from '@/lib/api/types';
import { cn } from '@/lib/cn';

import { useCreateDemoRequest } from '@/lib/demo-requests';

/** The server's limit on a note to the vendor. */
export const MAX_DEMO_NOTE = 1000;

type Field = DemoShareableField['field'];

/** Each field's switch in the request's body. */
const shareKey: Record<string, keyof NewDemoRequest> = {
  name: 'shareName',
  email: 'shareEmail',
  firmName: 'shareFirmName',
  firmSize: 'shareFirmSize',
  category: 'shareCategory',
};

/**
 * "Request a demo": the member ticks, field by field, what the vendor is sent, each with the value
 * it would see; nothing is ticked at first and nothing comes from the firm's onboarding answers.
 * A refusal (an open request, a limit) stays in the dialog with the server's words.
 */
export function DemoRequestDialog({ form, onClose }: { form: DemoRequestForm; onClose: () => void }) {
  const create = useCreateDemoRequest(form.vendorId);
  const [ticked, setTicked] = useState<ReadonlySet<Field>>(new Set());
  const [note, setNote] = useState('');
  const noteId = useId();

  const toggle = (field: Field, on: boolean) => {
    create.reset();
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(field);
      else next.delete(field);
      return next;
    });
  };

  const send = () => {
    const body: NewDemoRequest = { note: note.trim() || null };
    for (const field of ticked) {
      const key = shareKey[field];
      if (key) Object.assign(body, { [key]: true });
    }
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: `Demo request sent to ${form.vendorName}`, description: 'Their answer will appear on your shortlist.' });
        onClose();
      },
    });
  };

  const tooLong = note.trim().length > MAX_DEMO_NOTE;
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Request a demo from ${form.vendorName}`}
      description={`${form.vendorName} is sent only what you tick below. Nothing from your firm's onboarding answers is sent.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={`${noteId}-form`} disabled={create.isPending || tooLong}>
            {create.isPending ? 'Sending...' : 'Send request'}
          </Button>
        </>
      }
    >
      <form
        id={`${noteId}-form`}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <fieldset className="space-y-2.5">
          <legend className="mb-2 text-sm font-medium text-slate-800">What {form.vendorName} sees</legend>
          {form.fields.map((f) => (
            <label key={f.field} className="flex items-start gap-2.5 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={ticked.has(f.field)}
                disabled={f.value == null || create.isPending}
                onChange={(event) => toggle(f.field, event.target.checked)}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-indigo-600"
              />
              <span className="min-w-0">
                <span className="block font-medium text-slate-800">{f.label}</span>
                <span className="block break-words text-slate-600">
                  {f.value ?? 'Not given in your firm details, so there is nothing to send'}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="space-y-1.5">
          <label htmlFor={noteId} className="block text-sm font-medium text-slate-700">
            A note to {form.vendorName} (optional)
          </label>
          <textarea
            id={noteId}
            rows={3}
            value={note}
            onChange={(event) => {
              create.reset();
              setNote(event.target.value);
            }}
            disabled={create.isPending}
            aria-describedby={`${noteId}-count`}
            aria-invalid={tooLong || undefined}
            className={cn(inputClasses, tooLong ? 'border-red-400' : 'border-slate-300')}
          />
          <p id={`${noteId}-count`} className={cn('text-xs', tooLong ? 'text-red-600' : 'text-slate-500')}>
            {note.trim().length} of {MAX_DEMO_NOTE} characters{tooLong ? ': shorten it to send' : ''}
          </p>
        </div>
        <p className="text-sm text-slate-600">
          {ticked.size === 0 && !note.trim()
            ? `Nothing is ticked: ${form.vendorName} learns only that a law firm asked, and answers here on Litstack.`
            : `${form.vendorName} answers here on Litstack with a scheduling link or times. You can withdraw the request until the demo is booked.`}
        </p>
        {create.error ? <Alert>{getErrorMessage(create.error, 'The request could not be sent. Please try again.')}</Alert> : null}
      </form>
    </Modal>
  );
}
