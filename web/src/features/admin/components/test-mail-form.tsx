import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import { isValidEmail } from '@/lib/validation';

import { useSendTestMail } from '../api/send-test-mail';

/** Sends a test message now, to an address or the operator's own, and shows the mail server's answer. */
export function TestMailForm({ ownEmail }: { ownEmail: string }) {
  const [to, setTo] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const send = useSendTestMail();
  const invalid = to.trim() !== '' && !isValidEmail(to);
  const error = submitted && invalid ? 'Please enter a valid email address, or leave it empty' : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    send.mutate({ to: to.trim() || null });
  };

  const answer = send.data;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Send a test email" className="space-y-4">
      <p className="text-sm text-slate-600">
        Sends one message now through the saved mail server (not through the outbox) and shows what the server answered.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          className="min-w-0 flex-1"
          label="Send to (optional)"
          type="email"
          autoComplete="off"
          placeholder={ownEmail}
          hint={`Leave empty to send it to your own address, ${ownEmail}.`}
          value={to}
          onChange={(event) => {
            send.reset();
            setTo(event.target.value);
          }}
          error={error}
          disabled={send.isPending}
        />
        <Button type="submit" variant="outline" className="sm:mt-6.5" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send a test email'}
        </Button>
      </div>
      {answer?.sent ? (
        <Notice tone="success">
          <p className="font-semibold">Sent. The mail server answered:</p>
          <p className="mt-1 font-mono text-xs break-words">{answer.answer}</p>
        </Notice>
      ) : null}
      {answer && !answer.sent ? (
        <Alert>
          <p className="font-semibold">Not sent. The mail server answered:</p>
          <p className="mt-1 font-mono text-xs break-words">{answer.answer}</p>
        </Alert>
      ) : null}
      {send.isError ? <Alert>{getErrorMessage(send.error, 'The test message could not be sent. Please try again.')}</Alert> : null}
    </form>
  );
}
