import { useSignal, useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Modal } from '@/components/ui/modal';
import { inputClasses } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import type { DismissReasonCode, DismissRequest } from '@/lib/api/types';
import { cn } from '@/lib/cn';
import { dismissReasons, MAX_OTHER_TEXT } from '@/lib/dismissals';

type DismissDialogProps = {
  vendorId: number;
  vendorName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the dismissal; a rejection keeps the dialog open with the server's message. */
  onDismiss: (input: DismissRequest) => Promise<unknown>;
  pending: boolean;
};

/** Asks why a pick is dismissed (the reasons change later rankings) before dismissing it. */
export function DismissDialog({ vendorId, vendorName, open, onOpenChange, onDismiss, pending }: DismissDialogProps) {
  useSignals();
  const reason = useSignal<DismissReasonCode | undefined>(undefined);
  const otherText = useSignal('');
  const error = useSignal<string | null>(null);
  const textId = useId();

  // Every opening starts from no answer.
  useEffect(() => {
    if (open) {
      reason.value = undefined;
      otherText.value = '';
      error.value = null;
    }
  }, [open, reason, otherText, error]);

  const submit = () => {
    if (!reason.value) {
      error.value = 'Choose a reason.';
      return;
    }
    const text = otherText.value.trim();
    if (reason.value === 'other' && !text) {
      error.value = 'Say why in a few words.';
      return;
    }
    if (text.length > MAX_OTHER_TEXT) {
      error.value = `The reason must be at most ${MAX_OTHER_TEXT} characters.`;
      return;
    }
    error.value = null;
    onDismiss({ vendorId, reason: reason.value, ...(reason.value === 'other' ? { otherText: text } : {}) }).catch((e: unknown) => {
      error.value = getErrorMessage(e, 'Failed to dismiss vendor');
    });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Dismiss ${vendorName}?`}
      description="Tell us why, and your later recommendations will take it into account."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={pending}>
            {pending ? 'Dismissing...' : 'Dismiss'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ChoiceGroup
          legend="Why are you dismissing it?"
          options={dismissReasons}
          value={reason.value}
          onChange={(value) => {
            reason.value = value;
            error.value = null;
          }}
        />
        {reason.value === 'other' ? (
          <div className="space-y-1.5">
            <label htmlFor={textId} className="block text-sm font-medium text-slate-700">
              Your reason
            </label>
            <textarea
              id={textId}
              rows={2}
              maxLength={MAX_OTHER_TEXT}
              value={otherText.value}
              onChange={(event) => (otherText.value = event.target.value)}
              aria-describedby={`${textId}-count`}
              className={cn(inputClasses, 'border-slate-300')}
            />
            <p id={`${textId}-count`} className="text-xs text-slate-500">
              {otherText.value.length} of {MAX_OTHER_TEXT} characters
            </p>
          </div>
        ) : null}
        {error.value ? <Alert>{error.value}</Alert> : null}
      </form>
    </Modal>
  );
}
