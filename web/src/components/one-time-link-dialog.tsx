import { useId, useRef, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Modal } from '@/components/ui/modal';
import { inputClasses } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/cn';

type OneTimeLinkDialogProps = {
  /**
   * The link to show; the dialog is open while there is one. The server writes it absolute from
   * the install's own address, or relative when it has none: this page then makes it whole from
   * the address the person has open (never one a request named).
   */
  link: string | null;
  onClose: () => void;
  title: string;
  /** What the link is for, e.g. "Invitation link". */
  linkLabel: string;
  /** How long it lasts and how to hand it over. */
  children: ReactNode;
};

/**
 * A link the server shows only once (an invitation, a password reset), with a Copy button. The
 * server keeps only its hash, so closing this is the last chance to copy it.
 */
export function OneTimeLinkDialog({ link: given, onClose, title, linkLabel, children }: OneTimeLinkDialogProps) {
  const link = given === null ? null : new URL(given, window.location.origin).href;
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: 'Link copied', description: 'Paste it into a message to the person it is for.' });
    } catch {
      // No clipboard (an insecure origin, or refused): select the text so Ctrl+C copies it.
      input.current?.select();
      toast({ title: 'Copy the selected link', description: 'Press Ctrl+C (or ⌘C) to copy it.', variant: 'warning' });
    }
  };

  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Modal
      open={link !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={title}
      footer={<Button onClick={close}>Done</Button>}
    >
      <div className="space-y-4 text-sm text-slate-700">
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {linkLabel}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              ref={input}
              id={inputId}
              readOnly
              value={link ?? ''}
              onFocus={(event) => event.currentTarget.select()}
              className={cn(inputClasses, 'h-10 min-w-0 flex-1 border-slate-300 font-mono text-xs')}
            />
            <Button variant="outline" onClick={() => void copy()}>
              <Icon name={copied ? 'check' : 'copy'} className="h-4 w-4" />
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
        {children}
      </div>
    </Modal>
  );
}
