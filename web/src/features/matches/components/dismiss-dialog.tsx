import { useEffect, useId, useState } from 'react';

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
  const [reason, setReason] = useState<DismissReasonCode | undefined>(undefined);
  const [otherText, setOtherText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const textId = useId();

  // Every opening starts from no answer.
  useEffect(() => {
    if (open) {
      setReason(undefined);
      setOtherText('');
      setError(null);
    }
  }, [open]);

  const submit = () => {
    if (!reason) {
      setError('Choose a reason.');
      return;
    }
    const text = otherText.trim();
    if (reason === 'other' && !text) {
      setError('Say why in a few words.');
      return;
    }
    if (text.length > MAX_OTHER_TEXT) {
      setError(`The reason must be at most ${MAX_OTHER_TEXT} characters.`);
      return;
    }
    setError(null);
    onDismiss({ vendorId, reason, ...(reason === 'other' ? { otherText: text } : {}) }).catch((e: unknown) => {
      setError(getErrorMessage(e, 'Failed to dismiss vendor'));
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
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(null);
          }}
        />
        {reason === 'other' ? (
          <div className="space-y-1.5">
            <label htmlFor={textId} className="block text-sm font-medium text-slate-700">
              Your reason
            </label>
            <textarea
              id={textId}
              rows={2}
              maxLength={MAX_OTHER_TEXT}
              value={otherText}
              onChange={(event) => setOtherText(event.target.value)}
              aria-describedby={`${textId}-count`}
              className={cn(inputClasses, 'border-slate-300')}
            />
            <p id={`${textId}-count`} className="text-xs text-slate-500">
              {otherText.length} of {MAX_OTHER_TEXT} characters
            </p>
          </div>
        ) : null}
        {error ? <Alert>{error}</Alert> : null}
      </form>
    </Modal>
  );
}
